/** Environment settings from cdk.json context: typos fail loudly, missing values default to safe. */
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../lib/config.ts';
import { mediaCorsOrigins } from '../../lib/media-stack.ts';
import { restCorsOrigins } from '../../lib/public-api.ts';
import { cdkContext } from './synth.ts';

const configFor = (context: Record<string, unknown>) => loadConfig(new App({ context }).node);

describe('config', () => {
  it('defaults to dev and reads prod with -c env=prod', () => {
    expect(configFor(cdkContext()).envName).toBe('dev');
    const prod = configFor({ ...cdkContext(), env: 'prod' });
    expect(prod).toMatchObject({ envName: 'prod', retainData: true, deletionProtection: true, threatProtection: true });
  });

  it('rejects an unknown environment and an invalid log retention', () => {
    expect(() => configFor({ ...cdkContext(), env: 'staging' })).toThrow(/Unknown environment "staging"/);
    expect(() => configFor({ env: 'dev', environments: { dev: { logRetentionDays: 42 } } })).toThrow(/logRetentionDays must be one of/);
  });

  it('falls back to the protective settings when an environment leaves them out', () => {
    expect(configFor({ env: 'qa', environments: { qa: {} } })).toMatchObject({ retainData: true, deletionProtection: true, threatProtection: true, idleTimeoutMinutes: 15 });
  });

  it('narrows CORS to the configured console origins', () => {
    const config = configFor({ env: 'qa', environments: { qa: { consoleOrigins: ['https://portal.example.org'] } } });
    expect(mediaCorsOrigins(config)).toEqual(['https://portal.example.org']);
    expect(restCorsOrigins(config)).toEqual(['https://portal.example.org']);
  });

  it('takes the reminder sender address only when it is an address', () => {
    expect(configFor({ env: 'qa', environments: { qa: {} } }).emailFromAddress).toBeUndefined();
    expect(configFor({ env: 'qa', environments: { qa: { emailFromAddress: 'no-reply@portal.example.org' } } }).emailFromAddress).toBe('no-reply@portal.example.org');
    expect(() => configFor({ env: 'qa', environments: { qa: { emailFromAddress: 'portal.example.org' } } })).toThrow(/emailFromAddress must be an e-mail address/);
  });

  it('takes the default language from the environment, English when absent, refusing an unknown one', () => {
    expect(configFor({ env: 'qa', environments: { qa: {} } }).defaultLanguage).toBe('en');
    expect(configFor({ env: 'qa', environments: { qa: { defaultLanguage: 'es' } } }).defaultLanguage).toBe('es');
    expect(() => configFor({ env: 'qa', environments: { qa: { defaultLanguage: 'ar' } } })).toThrow(/defaultLanguage must be one of en, zh, es, fr, it/);
  });
});
