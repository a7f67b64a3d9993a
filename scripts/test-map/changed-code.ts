// Where a change falls in a source file: for each changed line of code, the named functions around it, read with
// TypeScript's parser from the file before and after. The test map knows which test files ran each function by the
// name V8 gives it (scripts/test-map/map.ts); scripts/test-map/select.ts puts the two together.

import ts from 'typescript';

/** A function around a changed line. */
export interface FunctionRef {
  /** The name V8 gives it (`get total` for a getter, the variable's name for an arrow), or null: anonymous. */
  name: string | null;
  /** Whether a function of that name was in the file before the change (on the before side: always). */
  existedBefore: boolean;
  /** A top-level function the module does not export: only this file can call it. */
  private: boolean;
}

export interface ChangedLine {
  side: 'before' | 'after';
  /** 1-based, in the file's version of that side. */
  line: number;
  /** The functions whose body holds code of the line, innermost first; empty: the line is outside every function. */
  chain: FunctionRef[];
}

/** The changed line numbers of `git diff -U0` output: removed or replaced lines before, added or new lines after. */
export function changedLineNumbers(diff: string): { before: number[]; after: number[] } {
  const before: number[] = [];
  const after: number[] = [];
  for (const match of diff.matchAll(/^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/gm)) {
    const [, oldStart, oldCount, newStart, newCount] = match;
    for (let i = 0; i < Number(oldCount ?? 1); i++) before.push(Number(oldStart) + i);
    for (let i = 0; i < Number(newCount ?? 1); i++) after.push(Number(newStart) + i);
  }
  return { before, after };
}

type FunctionLike =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration
  | ts.ConstructorDeclaration;

function isFunctionLike(node: ts.Node): node is FunctionLike {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isConstructorDeclaration(node)
  );
}

function keyName(name: ts.PropertyName | ts.BindingName | undefined): string | null {
  if (!name) return null;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return null;
}

/**
 * The name V8 reports for a function (its `functionName` in precise coverage), where the source settles it: a
 * declaration's or a function expression's own name, a method's key (`get x` and `set x` for accessors), a class
 * declaration's name for its constructor, and for an anonymous function or arrow the variable or the class field it
 * is the value of (TypeScript's `as`, `satisfies` and `!` and parentheses are gone by the time V8 reads the code).
 * Anything else is null, where V8's inferred name depends on the surroundings: a property of an object literal
 * (`{ error: () => … }` passed to a call is `z.string.refine.error`), an array element, a default parameter, an
 * argument (`app.get('/', () => …)`), an assignment, a default export without a name.
 */
export function v8Name(fn: FunctionLike): string | null {
  if (ts.isFunctionDeclaration(fn)) return fn.name?.text ?? null;
  if (ts.isMethodDeclaration(fn)) return keyName(fn.name);
  if (ts.isGetAccessorDeclaration(fn) || ts.isSetAccessorDeclaration(fn)) {
    const key = keyName(fn.name);
    return key === null ? null : `${ts.isGetAccessorDeclaration(fn) ? 'get' : 'set'} ${key}`;
  }
  if (ts.isConstructorDeclaration(fn))
    return ts.isClassDeclaration(fn.parent) && fn.parent.name ? fn.parent.name.text : null;
  if (ts.isFunctionExpression(fn) && fn.name) return fn.name.text;
  let child: ts.Node = fn;
  let parent = fn.parent;
  while (
    ts.isParenthesizedExpression(parent) ||
    ts.isAsExpression(parent) ||
    ts.isSatisfiesExpression(parent) ||
    ts.isNonNullExpression(parent) ||
    ts.isTypeAssertionExpression(parent)
  ) {
    child = parent;
    parent = parent.parent;
  }
  if (ts.isVariableDeclaration(parent) && parent.initializer === child && ts.isIdentifier(parent.name))
    return parent.name.text;
  if (
    ts.isPropertyDeclaration(parent) &&
    parent.initializer === child &&
    ts.isClassDeclaration(parent.parent)
  )
    return keyName(parent.name);
  return null;
}

/** Code that only the type checker reads: interfaces, type aliases, annotations, `declare` and `import type`. */
function isTypeOnly(node: ts.Node): boolean {
  if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return true;
  if (ts.isTypeParameterDeclaration(node)) return true;
  if (ts.isImportDeclaration(node) && node.importClause?.isTypeOnly) return true;
  if (ts.isImportSpecifier(node) || ts.isExportSpecifier(node)) return node.isTypeOnly;
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  if (ts.isHeritageClause(node)) return node.token === ts.SyntaxKind.ImplementsKeyword;
  return (
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.DeclareKeyword)
  );
}

const scriptKind = (file: string) =>
  file.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : file.endsWith('.jsx')
      ? ts.ScriptKind.JSX
      : /\.[cm]?js$/.test(file)
        ? ts.ScriptKind.JS
        : ts.ScriptKind.TS;

interface ParsedFile {
  /** Line → the chains of the code tokens on it (innermost function first). */
  chainsByLine: Map<number, FunctionLike[][]>;
  names: Set<string>;
  exported: Set<string>;
  source: ts.SourceFile;
}

function parse(file: string, text: string): ParsedFile {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const chainsByLine = new Map<number, FunctionLike[][]>();
  const names = new Set<string>();
  const exported = new Set<string>();
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;

  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause)
      if (ts.isNamedExports(statement.exportClause))
        for (const element of statement.exportClause.elements)
          exported.add((element.propertyName ?? element.name).text);
    if (ts.isExportAssignment(statement) && ts.isIdentifier(statement.expression))
      exported.add(statement.expression.text);
  }

  const visit = (node: ts.Node, chain: FunctionLike[], typeOnly: boolean) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(source);
    if (children.length === 0) {
      if (typeOnly || node.kind === ts.SyntaxKind.EndOfFileToken) return;
      // A token: every line it spans (a template literal may span several) holds code of this chain.
      for (let line = lineOf(node.getStart(source)); line <= lineOf(node.getEnd()); line++) {
        const chains = chainsByLine.get(line) ?? [];
        chains.push(chain);
        chainsByLine.set(line, chains);
      }
      return;
    }
    if (isFunctionLike(node)) {
      const name = v8Name(node);
      if (name !== null) names.add(name);
    }
    // A function's own code is its body; its name, parameters, signature and the braces around its body belong to
    // where it is declared.
    const braces = ts.isBlock(node) && isFunctionLike(node.parent) && node.parent.body === node;
    for (const child of children) {
      const inBody = isFunctionLike(node) && node.body !== undefined && child === node.body;
      const brace =
        braces &&
        (child.kind === ts.SyntaxKind.OpenBraceToken || child.kind === ts.SyntaxKind.CloseBraceToken);
      visit(child, inBody ? [node, ...chain] : brace ? chain.slice(1) : chain, typeOnly || isTypeOnly(child));
    }
  };
  visit(source, [], false);
  return { chainsByLine, names, exported, source };
}

function isPrivate(fn: FunctionLike, parsed: ParsedFile): boolean {
  const exportedByModifier = (node: ts.Node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
  if (ts.isFunctionDeclaration(fn))
    return (
      fn.parent === parsed.source &&
      fn.name !== undefined &&
      !exportedByModifier(fn) &&
      !parsed.exported.has(fn.name.text)
    );
  const declaration = fn.parent;
  if (!ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name)) return false;
  const statement = declaration.parent.parent;
  return (
    ts.isVariableStatement(statement) &&
    statement.parent === parsed.source &&
    !exportedByModifier(statement) &&
    !parsed.exported.has(declaration.name.text)
  );
}

/**
 * The changed lines that hold code (comments, blank lines and types left out), each with the functions around it.
 * `before` is null for a file the base did not have, `after` for one deleted.
 */
export function changedCode(
  file: string,
  before: string | null,
  after: string | null,
  lines: { before: readonly number[]; after: readonly number[] },
): ChangedLine[] {
  const old = before === null ? null : parse(file, before);
  const now = after === null ? null : parse(file, after);
  const result: ChangedLine[] = [];
  const seen = new Set<string>();
  const add = (side: ChangedLine['side'], parsed: ParsedFile | null, numbers: readonly number[]) => {
    if (!parsed) return;
    for (const line of numbers) {
      for (const chain of parsed.chainsByLine.get(line) ?? []) {
        const refs = chain.map((fn): FunctionRef => {
          const name = v8Name(fn);
          return {
            name,
            existedBefore: side === 'before' || (name !== null && (old?.names.has(name) ?? false)),
            private: isPrivate(fn, parsed),
          };
        });
        const key = `${side}:${line}:${JSON.stringify(refs)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        result.push({ side, line, chain: refs });
      }
    }
  };
  add('before', old, lines.before);
  add('after', now, lines.after);
  return result;
}
