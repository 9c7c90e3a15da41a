/**
 * Finds user-facing text written as a literal in web/src (issue 19, "portal pages in every
 * language"): what a person would read that does not come from the message catalogs. It reads the
 * TypeScript syntax tree (the compiler the project already has), so comments, keys passed to t(),
 * ids, CSS values and comparisons are not text; what is:
 *  - JSX text with a letter in it: <b>No clients</b>;
 *  - a string (or template) literal that is the value of a text prop or property — label, header,
 *    description, placeholder, ariaLabel, loadingText, disabledReason, ... (TEXT_NAME) — directly or
 *    as a branch of ?:, ||, ??, && or an arrow's result: header={base ? 'Edit client' : 'Add client'};
 *  - such a literal as a JSX child: {saving ? 'Saving' : 'Save'};
 *  - a literal message handed to a banner or an error setter: banners.show('success', 'Saved.');
 *  - the values of a constant named like a text table: const STATUS_LABEL = { attended: 'Attended' };
 *  - a text-named variable's value (const title = ...) and what a text-named function returns
 *    (function problemText() { return 'Choose at least one role'; }).
 * A literal without a letter ('-', '(', '·') is not text.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** Prop and property names whose value a person reads. */
const TEXT_NAME = /(label|labels|text|description|header|placeholder|title|reason|alt|empty|summary|message|heading|caption|tooltip|counter)$/i;
/** Constants holding texts by id. */
const TEXT_TABLE = /(label|labels|message|messages|text|texts|title|titles|description|descriptions)$/i;
/** Calls whose argument is a message for the person: banners.show(type, text), setFailure(text), ... */
const MESSAGE_SINK = /^(show|setFailure|setError|setMessage|setNotice|alert|confirm)$/;
/** Functions that make a text: problemText, reasonText, rolesText, statusLabel, ... */
const TEXT_FUNCTION = /(text|message|label|title)$/i;
const LETTER = /\p{L}/u;

export interface LiteralText {
  file: string;
  line: number;
  text: string;
}

const nameOf = (node: ts.Node | undefined): string | undefined => {
  if (!node) return undefined;
  if (ts.isIdentifier(node) || ts.isStringLiteral(node) || ts.isPrivateIdentifier(node)) return node.text;
  if (ts.isJsxNamespacedName(node)) return node.name.text;
  return undefined;
};

/** Climbs from a literal through the expressions that pass its value on unchanged; the node it lands in. */
function valueDestination(node: ts.Node): ts.Node {
  let current = node;
  for (;;) {
    const parent = current.parent;
    if (!parent) return current;
    if (ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent) || ts.isTemplateSpan(parent)) current = parent;
    else if (ts.isTemplateExpression(parent)) current = parent;
    else if (ts.isConditionalExpression(parent) && parent.condition !== current) current = parent;
    else if (ts.isBinaryExpression(parent) && parent.right === current && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.PlusToken].includes(parent.operatorToken.kind)) current = parent;
    else if (ts.isBinaryExpression(parent) && parent.left === current && parent.operatorToken.kind === ts.SyntaxKind.PlusToken) current = parent;
    else if (ts.isArrowFunction(parent) && parent.body === current) current = parent;
    else return current;
  }
}

function isTextPosition(literal: ts.Node): boolean {
  const top = valueDestination(literal);
  const parent = top.parent;
  if (!parent) return false;
  if (ts.isJsxExpression(parent)) {
    const holder = parent.parent;
    if (ts.isJsxAttribute(holder)) return TEXT_NAME.test(nameOf(holder.name) ?? '');
    return ts.isJsxElement(holder) || ts.isJsxFragment(holder);
  }
  if (ts.isJsxAttribute(parent)) return TEXT_NAME.test(nameOf(parent.name) ?? '');
  if (ts.isPropertyAssignment(parent) && parent.initializer === top) {
    if (TEXT_NAME.test(nameOf(parent.name) ?? '')) return true;
    // An object given to a text prop: buttonText={{ today: 'Today' }}.
    let holder: ts.Node = parent.parent.parent;
    while (holder && ts.isParenthesizedExpression(holder)) holder = holder.parent;
    if (holder && ts.isJsxExpression(holder) && ts.isJsxAttribute(holder.parent) && TEXT_NAME.test(nameOf(holder.parent.name) ?? '')) return true;
    // A text table: const FIELD_LABEL = { first: 'First name' }.
    const object = parent.parent;
    const declaration = object.parent && (ts.isAsExpression(object.parent) || ts.isSatisfiesExpression(object.parent)) ? object.parent.parent : object.parent;
    return Boolean(declaration && ts.isVariableDeclaration(declaration) && TEXT_TABLE.test(nameOf(declaration.name) ?? ''));
  }
  // const title = member ? `Edit ${name}` : 'Add team member';
  if (ts.isVariableDeclaration(parent) && parent.initializer === top) return TEXT_NAME.test(nameOf(parent.name) ?? '');
  // function problemText(...) { return 'Choose at least one role'; } — a function named for text.
  if (ts.isReturnStatement(parent) || ts.isArrowFunction(top)) {
    let fn: ts.Node | undefined = parent;
    while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
    const fnName = fn && (ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) ? nameOf(fn.name) : fn && ts.isVariableDeclaration(fn.parent) ? nameOf(fn.parent.name) : undefined;
    return TEXT_FUNCTION.test(fnName ?? '');
  }
  if (ts.isCallExpression(parent) && parent.arguments.includes(top as ts.Expression)) {
    const callee = ts.isPropertyAccessExpression(parent.expression) ? parent.expression.name.text : nameOf(parent.expression);
    return MESSAGE_SINK.test(callee ?? '') && parent.arguments.indexOf(top as ts.Expression) === parent.arguments.length - 1 && parent.arguments.length <= 2;
  }
  return false;
}

/** The literal's own characters (a template's fixed parts), for the letter test and the report. */
function literalText(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): string {
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('…');
  return node.text;
}

/** A catalog key ('clients.field.first') or an address is not text either. */
const NOT_TEXT = /^([a-z][A-Za-z0-9]*(\.[A-Za-z0-9-]+)+|https?:\/\/\S*|mailto:\S*)$/;

/** The literal texts of one source file; `file` names it in the report. */
export function literalTextsOf(file: string, text: string): LiteralText[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: LiteralText[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text: text.trim().replace(/\s+/g, ' ') });
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (LETTER.test(node.text)) report(node, node.text);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      const text = literalText(node);
      // An import path or a type position is never text.
      if (LETTER.test(text) && !NOT_TEXT.test(text) && !ts.isImportDeclaration(node.parent) && !ts.isLiteralTypeNode(node.parent) && isTextPosition(node)) report(node, text);
      if (ts.isTemplateExpression(node)) node.templateSpans.forEach((span) => visit(span.expression));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The literal texts of a file under root, named by its path from root. */
export const literalTexts = (path: string, root: string): LiteralText[] => literalTextsOf(relative(root, path), readFileSync(path, 'utf8'));

/** Every .ts/.tsx file under dir. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}
