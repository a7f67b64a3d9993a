import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Every sentence the product can say to a person when it refuses or fails, read from its source with the TypeScript
// compiler: the judge of "is this Spanish" (hostile-checks.ts) is tested against this list, not against a guess.

export interface ProductMessage {
  /** The text, with each `${…}` of a template written as `X`. */
  text: string;
  /** file:line, to find it. */
  where: string;
}

/** The directories whose code answers people: the server, the wire contracts, the shared rules. */
export const MESSAGE_ROOTS = ['server', 'contracts', 'domain'];

/** Zod checks whose string argument (or `{ error | message }`) is the message of the issue. */
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'int',
  'email',
  'url',
  'httpUrl',
  'nonnegative',
  'positive',
  'nonempty',
  'gte',
  'lte',
  'gt',
  'lt',
  'date',
  'datetime',
  'uuid',
  'startsWith',
  'endsWith',
]);
/** Errors whose message is shown to a person (an API answer, a start-up message, a CLI line). */
const PEOPLE_ERRORS = new Set(['Refusal', 'ImageRejectedError', 'ConfigError', 'StaffUserExistsError']);
/** Calls whose text is for the developers: logs, internal errors. */
const DEVELOPER_PROPERTIES = new Set(['help']);
const DEVELOPER_CALLS = new Set([
  'Error',
  'TypeError',
  'RangeError',
  'debug',
  'info',
  'warn',
  'error',
  'fatal',
  'trace',
]);
/** A sentence for people: a capital (or ¿ ¡) first, at least three words, a full stop, question or exclamation last. */
const SENTENCE = /^[¿¡]?\p{Lu}\S*(\s+\S+){2,}[.?!]$/u;

/** Object properties that carry a sentence for people: zod's `message`/`error`, an answer's `error`, a text's `required`. */
const MESSAGE_PROPERTIES = new Set(['message', 'error', 'required']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** A literal's text; a template's with `X` for each substitution; the branches of `a ? 'x' : 'y'`. */
function texts(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node))
    return [node.head.text + node.templateSpans.map((span) => `X${span.literal.text}`).join('')];
  if (ts.isConditionalExpression(node)) return [...texts(node.whenTrue), ...texts(node.whenFalse)];
  if (ts.isParenthesizedExpression(node)) return texts(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    return texts(node.right);
  return [];
}

/** The values of an object literal (`campos`), one level. */
function objectValues(node: ts.Node | undefined): ts.Node[] {
  if (!node || !ts.isObjectLiteralExpression(node)) return [];
  return node.properties.flatMap((property) =>
    ts.isPropertyAssignment(property) ? [property.initializer] : [],
  );
}

function calleeName(call: ts.CallExpression | ts.NewExpression): string {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return '';
}

/** Every message of one file. */
export function messagesOf(file: string, source: string): ProductMessage[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: ProductMessage[] = [];
  // A message given by the name of a constant of the file (`REVIEW_PHOTOS`): read the constant.
  const constants = new Map<string, ts.Node>();
  const collectConstants = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
      constants.set(node.name.text, node.initializer);
    ts.forEachChild(node, collectConstants);
  };
  collectConstants(tree);
  const seen = new Set<ts.Node>();
  const add = (node: ts.Node | undefined) => {
    if (!node || seen.has(node)) return;
    seen.add(node);
    const target = ts.isIdentifier(node) ? constants.get(node.text) : node;
    if (!target) return;
    const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
    for (const text of texts(target)) found.push({ text, where: `${file}:${line}` });
  };
  const visit = (node: ts.Node, developer: boolean) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const name = calleeName(node);
      const args = node.arguments ?? [];
      if (DEVELOPER_CALLS.has(name) && !(ts.isNewExpression(node) && PEOPLE_ERRORS.has(name))) {
        ts.forEachChild(node, (child) => visit(child, true));
        return;
      }
      if (name === 'sendApiError') {
        add(args[2]);
        for (const value of objectValues(args[3])) add(value);
      } else if (PEOPLE_ERRORS.has(name) && ts.isNewExpression(node)) {
        const [first, second, third] = args;
        // new Refusal(kind, message, campos); the others take the message first.
        if (name === 'Refusal') {
          add(second);
          for (const value of objectValues(third)) add(value);
        } else add(first);
      } else if (ZOD_CHECKS.has(name) && ts.isPropertyAccessExpression(node.expression)) {
        for (const arg of args) if (!ts.isRegularExpressionLiteral(arg)) add(arg);
      }
    }
    if (ts.isPropertyAssignment(node) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))) {
      // A metric's description (prom-client's `help`) is for whoever reads /metrics: English, like the metric names.
      if (DEVELOPER_PROPERTIES.has(node.name.text)) return;
      if (MESSAGE_PROPERTIES.has(node.name.text)) add(node.initializer);
    }
    // Any other text shaped like a sentence, outside a log line or an internal error: a table of messages, a helper's
    // argument (`review('Revisa la foto.')`).
    if (
      !developer &&
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node))
    )
      if (texts(node).some((text) => SENTENCE.test(text))) add(node);
    ts.forEachChild(node, (child) => visit(child, developer));
  };
  visit(tree, false);
  return found;
}

/** Words of two letters or more, `X` (a substitution) aside. */
function wordCount(text: string): number {
  return (text.match(/\p{L}{2,}/gu) ?? []).length;
}

/** Text meant for people, not a fragment the code compares with (`'https://'`, `'FST_'`, `'.xlsx'`). */
function isMessage(text: string): boolean {
  const words = wordCount(text);
  return (/\s/.test(text.trim()) && words >= 2) || (/[.?!]$/.test(text) && words >= 1);
}

/** Every message of the product, from the source under `root`. */
export function productMessages(root: string): ProductMessage[] {
  return MESSAGE_ROOTS.flatMap((dir) =>
    sourceFiles(path.join(root, dir)).flatMap((file) =>
      messagesOf(path.relative(root, file), readFileSync(file, 'utf8')).filter((message) =>
        isMessage(message.text),
      ),
    ),
  );
}
