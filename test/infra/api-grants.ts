/**
 * The Api stack's grants, one test each (registered inside portal.test.ts's Api describe, on its one
 * synth): which Lambda may call AppSync with IAM, look users up in the pool, text or e-mail, and
 * which bucket prefixes each file-handling Lambda may write — least privilege a reviewer checks.
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { expect, it } from 'vitest';
import { resourcesOf, statementsOf, type PolicyStatement } from './synth.ts';

export function apiGrantTests(api: () => Template): void {
  it('lets only the assessments Lambdas call the API with IAM, and only publishRiskAlert (issue 13)', () => {
    const grants = statementsOf(resourcesOf(api())).filter((s) => [s.Action].flat().some((a) => a.startsWith('appsync:')));
    expect(grants).toHaveLength(2);
    for (const grant of grants) {
      expect(grant.Action).toBe('appsync:GraphQL');
      expect(JSON.stringify(grant.Resource)).toMatch(/\/types\/Mutation\/fields\/publishRiskAlert"/);
    }
  });

  it('lets the sign-up handlers look users up in this pool only, and nothing else', () => {
    const resources = resourcesOf(api());
    const withPoolId = resources
      .filter(([, r]) => r.Type === 'AWS::Lambda::Function' && r.Properties.Environment?.Variables?.USER_POOL_ID)
      .map(([id]) => id)
      .sort();
    expect(withPoolId).toEqual([
      // The client portal invitation (issue 12): creates a client's account or proves an existing one's password.
      expect.stringMatching(/Handlerclientinvitation/),
      expect.stringMatching(/Handlerconfirmprovider/),
      expect.stringMatching(/Handlerdoesuserexist/),
      expect.stringMatching(/Handlerreuseaccount/),
      expect.stringMatching(/Handlersmsmfasetup/),
      expect.stringMatching(/Handlerstageprovider/),
    ]);
    const statements = statementsOf(resources).filter((st) => [st.Action].flat().includes('cognito-idp:AdminGetUser'));
    expect(statements).toHaveLength(6);
    for (const st of statements) expect(JSON.stringify(st.Resource)).not.toContain('*');
    // Accepting an invitation may look a user up, create one, set its password and put it in Clients: on this pool only (one statement once CDK merges them).
    const accepting = statementsOf(resources).filter((st) => [st.Action].flat().includes('cognito-idp:AdminSetUserPassword'));
    expect(accepting).toHaveLength(1);
    expect([accepting[0].Action].flat().sort()).toEqual(['cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminConfirmSignUp', 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminDeleteUser', 'cognito-idp:AdminGetUser', 'cognito-idp:AdminSetUserPassword']);
    expect(JSON.stringify(accepting[0].Resource)).not.toContain('*');
  });

  it('runs the appointment reminders every 5 minutes through EventBridge Scheduler, with the Practice table, for the assessment links the Directory, and the Audit table write only', () => {
    const template = api();
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(5 minutes)',
      Target: Match.objectLike({ Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('RemindersHandler'), 'Arn'] } }),
    });
    const resources = resourcesOf(template);
    const fn = resources.find(([id, r]) => r.Type === 'AWS::Lambda::Function' && /RemindersHandler/.test(id))!;
    expect(fn[1].Properties.Environment.Variables.PRACTICE_TABLE).toBeTruthy();
    const text = JSON.stringify(statementsOf(resources, /RemindersHandler/));
    expect(text).toContain('sns:Publish');
    // The statements run (issue 15, session 8) audits the statements it writes: the Audit table, write only (nothing read).
    const audit = statementsOf(resources, /RemindersHandler/).filter((s) => JSON.stringify(s.Resource).includes('AuditTable'));
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).toContain('dynamodb:BatchWriteItem');
    expect(JSON.stringify(audit)).not.toMatch(/dynamodb:(Query|GetItem|Scan|BatchGetItem)/);
    expect(fn[1].Properties.Environment.Variables.DIRECTORY_TABLE).toBeTruthy();
  });

  it('lets only the SMS MFA setup enroll phones: on this pool, texts to phone numbers, no topic', () => {
    const statements = resourcesOf(api())
      .filter(([, r]) => r.Type === 'AWS::IAM::Policy')
      .map(([id, r]) => [id, r.Properties.PolicyDocument.Statement as PolicyStatement[]] as const);
    const granting = (action: string) => statements.filter(([, sts]) => sts.some((st) => st.Effect === 'Allow' && [st.Action].flat().includes(action))).map(([id]) => id);
    expect(granting('cognito-idp:AdminSetUserMFAPreference')).toEqual([expect.stringMatching(/Handlersmsmfasetup/)]);
    // Texts go from the SMS MFA setup, the appointment reminders, the booking confirmation (issue 19)
    // the client's new-message notification (issue 12), the assessment link to a client without an
    // e-mail (issue 13) and the companion apps' sharing invitation (issue 14), nothing else.
    const texting = granting('sns:Publish');
    expect(texting).toHaveLength(6);
    expect(texting).toEqual(expect.arrayContaining([
      expect.stringMatching(/RemindersHandler/), expect.stringMatching(/Handlersmsmfasetup/), expect.stringMatching(/Lambdaappointments/), expect.stringMatching(/Lambdamessaging/),
      expect.stringMatching(/Lambdaassessments/), expect.stringMatching(/Lambdacompanion/),
    ]));
    for (const [id, sts] of statements.filter(([id]) => texting.includes(id))) {
      expect(sts, id).toContainEqual(expect.objectContaining({ Effect: 'Deny', Action: 'sns:Publish', Resource: 'arn:aws:sns:*:*:*' }));
    }
    // E-mail (SES) also from the team invitation.
    expect(granting('ses:SendEmail')).toEqual(expect.arrayContaining([expect.stringMatching(/Lambdateammembers/), expect.stringMatching(/Lambdaappointments/), expect.stringMatching(/Lambdamessaging/)]));
    const [, sts] = statements.find(([id]) => /Handlersmsmfasetup/.test(id))!;
    expect(sts).toContainEqual(expect.objectContaining({ Effect: 'Deny', Action: 'sns:Publish', Resource: 'arn:aws:sns:*:*:*' }));
    const enroll = sts.find((st) => [st.Action].flat().includes('cognito-idp:AdminSetUserMFAPreference'))!;
    expect(JSON.stringify(enroll.Resource)).not.toContain('*');
  });

  it('gives the profile-photo Lambda the image bucket, under uploads/ and images/all/ only, with a full vCPU', () => {
    const resources = resourcesOf(api());
    const fns = resources.filter(([id, r]) => r.Type === 'AWS::Lambda::Function' && /profilephoto/i.test(id));
    expect(fns).toHaveLength(1);
    expect(fns[0][1].Properties.Environment.Variables.BUCKET).toBeTruthy();
    expect(fns[0][1].Properties).toMatchObject({ MemorySize: 1769, Timeout: 25 });
    const s3Resources = statementsOf(resources)
      .filter((st) => [st.Action].flat().some((a) => a.startsWith('s3:') && /Put|Delete/.test(a)))
      .map((st) => JSON.stringify(st.Resource));
    expect(s3Resources.length).toBeGreaterThan(0);
    // The profile photos' two prefixes, message attachments' own (issue 12, the messaging Lambda), the
    // claim files' (issue 16) and the data exports' (issue 18, the export Lambdas).
    for (const resource of s3Resources) expect(resource).toMatch(/\/(images\/all|uploads|attachments|claims|exports)\/\*/);
    expect(s3Resources.some((r) => r.includes('/uploads/*'))).toBe(true);
  });

  it('gives the messaging Lambda the bucket under attachments/ only (issue 12)', () => {
    const resources = resourcesOf(api());
    const fns = resources.filter(([id, r]) => r.Type === 'AWS::Lambda::Function' && /Lambdamessaging/i.test(id));
    expect(fns).toHaveLength(1);
    expect(fns[0][1].Properties.Environment.Variables.BUCKET).toBeTruthy();
    const s3Resources = statementsOf(resources, /Lambdamessaging/i)
      .filter((st) => [st.Action].flat().some((a) => a.startsWith('s3:')))
      .map((st) => JSON.stringify(st.Resource));
    expect(s3Resources.length).toBeGreaterThan(0);
    for (const resource of s3Resources) expect(resource).toMatch(/\/attachments\/\*/);
  });

  it('lets the export worker hand over to a fresh invocation of itself only, retried twice (issue 18, session 8)', () => {
    const template = api();
    const resources = resourcesOf(template);
    const worker = resources.filter(([id, r]) => r.Type === 'AWS::Lambda::Function' && /DataExportWorker/.test(id));
    expect(worker).toHaveLength(1);
    const invokes = statementsOf(resources, /DataExportWorker/).filter((st) => [st.Action].flat().includes('lambda:InvokeFunction'));
    expect(invokes).toHaveLength(1);
    expect(invokes[0].Resource).toEqual({ 'Fn::GetAtt': [worker[0][0], 'Arn'] });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { FunctionName: { Ref: worker[0][0] }, MaximumRetryAttempts: 2 });
  });
}
