/**
 * CDK app: the stacks of one environment, `-c env=<name>` (default `dev`, see cdk.json).
 * No Stage, so a plain `cdk synth` selects every stack.
 */
import { App } from 'aws-cdk-lib';
import { buildPortal } from '../lib/portal-app.ts';

const app = new App();
buildPortal(app);
app.synth();
