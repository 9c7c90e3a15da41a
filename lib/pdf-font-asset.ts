/**
 * The Unicode font of functions/shared/pdf/fonts.ts travels with the Lambdas that render PDFs: after
 * bundling, a bundle whose code names the font file (it holds fonts.ts, tree-shaking kept it) gets
 * the file copied into its `fonts/` folder. The others stay small.
 */
import { createRequire } from 'node:module';
import type { ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { UNICODE_FONT_FILE, UNICODE_FONT_PACKAGE_PATH } from '../functions/shared/pdf/fonts.ts';

/** esbuild's after-bundling step (local bundling: a POSIX shell) that copies the font next to a bundle that uses it. */
export function pdfFontHooks(): ICommandHooks {
  const font = createRequire(import.meta.url).resolve(UNICODE_FONT_PACKAGE_PATH);
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (_input, output) => [
      `if grep -q "${UNICODE_FONT_FILE}" "${output}/index.mjs"; then mkdir -p "${output}/fonts" && cp "${font}" "${output}/fonts/${UNICODE_FONT_FILE}"; fi`,
    ],
  };
}
