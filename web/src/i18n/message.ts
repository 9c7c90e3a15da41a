/**
 * A catalog message as the translator receives it: an ICU source string, or the AST the build
 * compiled it to (web/src/i18n/precompile.ts). The build leaves a message as its string only when
 * the string is its own text word for word (isPlainText), so the shipped pages never parse ICU: the
 * parser is not in the bundle (web/vite.config.ts, precompiledMessages). In unit tests and the dev
 * server the catalogs are the JSON sources and the parser is there for the strings that need it.
 */
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export type Message = string | MessageFormatElement[];

/**
 * True when an ICU message source means exactly its own characters: no argument or quoted brace
 * ({ }), no tag (<), no doubled apostrophe (''). A lone apostrophe and # outside a plural are
 * literal in ICU. test/unit/web/i18n-precompile.test.ts checks it against the parser on every catalog.
 */
export const isPlainText = (source: string): boolean => !/[{}<]/.test(source) && !source.includes("''");

/** A text to show word for word (a domain/ text) as a catalog message, with no ICU quoting to parse. */
export const literalMessage = (text: string): Message => (isPlainText(text) ? text : [{ type: TYPE.literal, value: text }]);
