// Where a change falls in a source file: for each changed line of code, the named functions around it, read with
// TypeScript's parser from the file before and after. The test map knows which test files ran each function by the
// name V8 gives it (scripts/test-map/map.ts); scripts/test-map/select.ts puts the two together.

import ts from 'typescript';

/** A function around a changed line. */
export interface FunctionRef {
  /**
   * The name V8 gives it (`get total` for a getter, the variable's name for an arrow), or null: anonymous. A class's
   * instance fields are initialised by a function V8 calls `<instance_members_initializer>`.
   */
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
  /**
   * The functions around code of the line, innermost first; empty: code outside every function. For a changed
   * constant or import, one entry per place its name is used, with the functions around that place.
   */
  chain: FunctionRef[];
  /** The constant or imported name through which the change reaches `chain`. */
  via?: string;
  /**
   * An import of a module the file did not import before: its top level now runs wherever this file is loaded,
   * unless it already did (scripts/test-map/select.ts asks the map).
   */
  newModule?: string;
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

const scriptKind = (file: string) =>
  file.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : file.endsWith('.jsx')
      ? ts.ScriptKind.JSX
      : /\.[cm]?js$/.test(file)
        ? ts.ScriptKind.JS
        : ts.ScriptKind.TS;

const INSTANCE_FIELDS = '<instance_members_initializer>';

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === kind);

/** A function, or the instance fields of a class, that code runs in. */
interface Scope {
  node: ts.Node;
  name: string | null;
}

interface ParsedFile {
  source: ts.SourceFile;
  /** Line → the code tokens on it (comments and types are not tokens here). */
  tokensByLine: Map<number, ts.Node[]>;
  /** The names of its functions, as v8Name gives them. */
  names: Set<string>;
  /** Names exported by `export { … }` or `export default name`. */
  exported: Set<string>;
  /** Module specifier → the local names its (non-type) imports bind. */
  imports: Map<string, Set<string>>;
}

/** `const f = () => …`: the named function a variable statement of one declaration holds. */
function functionOf(statement: ts.VariableStatement): FunctionLike | null {
  const [declaration, ...others] = statement.declarationList.declarations;
  if (!declaration || others.length > 0) return null;
  let value = declaration.initializer;
  while (
    value &&
    (ts.isParenthesizedExpression(value) ||
      ts.isAsExpression(value) ||
      ts.isSatisfiesExpression(value) ||
      ts.isNonNullExpression(value) ||
      ts.isTypeAssertionExpression(value))
  )
    value = value.expression;
  return value && isFunctionLike(value) && v8Name(value) !== null ? value : null;
}

/**
 * The functions code at `node` runs in, innermost first. A named function owns all of its text, its signature too
 * (and `const f =` before an arrow): a change there changes what calling it does. An anonymous one owns its body; its
 * parameters run where it is declared. A class's instance fields run in its instances' initializer.
 */
function scopesOf(node: ts.Node): Scope[] {
  const scopes: Scope[] = [];
  const push = (scope: Scope) => {
    if (scopes.at(-1)?.node !== scope.node) scopes.push(scope);
  };
  let child = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (isFunctionLike(parent)) {
      const name = v8Name(parent);
      if (name !== null) push({ node: parent, name });
      else if (child === parent.body) push({ node: parent, name: null });
    } else if (ts.isVariableStatement(parent)) {
      const fn = functionOf(parent);
      if (fn) push({ node: fn, name: v8Name(fn) });
    } else if (
      ts.isPropertyDeclaration(parent) &&
      ts.isClassLike(parent.parent) &&
      !hasModifier(parent, ts.SyntaxKind.StaticKeyword)
    )
      push({ node: parent, name: INSTANCE_FIELDS });
  }
  return scopes;
}

/** Code that only the type checker reads: interfaces, type aliases, annotations, `declare` and `import type`. */
function isTypeOnly(node: ts.Node): boolean {
  if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return true;
  if (ts.isTypeParameterDeclaration(node)) return true;
  if (ts.isImportDeclaration(node) && node.importClause?.isTypeOnly) return true;
  if (ts.isImportSpecifier(node) || ts.isExportSpecifier(node)) return node.isTypeOnly;
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  if (ts.isHeritageClause(node)) return node.token === ts.SyntaxKind.ImplementsKeyword;
  return hasModifier(node, ts.SyntaxKind.DeclareKeyword);
}

function importedNames(declaration: ts.ImportDeclaration): string[] {
  const clause = declaration.importClause;
  if (!clause || clause.isTypeOnly) return [];
  const names = clause.name ? [clause.name.text] : [];
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
  if (bindings && ts.isNamedImports(bindings))
    for (const element of bindings.elements) if (!element.isTypeOnly) names.push(element.name.text);
  return names;
}

function parse(file: string, text: string): ParsedFile {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const parsed: ParsedFile = {
    source,
    tokensByLine: new Map(),
    names: new Set(),
    exported: new Set(),
    imports: new Map(),
  };
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause)
      if (ts.isNamedExports(statement.exportClause))
        for (const element of statement.exportClause.elements)
          parsed.exported.add((element.propertyName ?? element.name).text);
    if (ts.isExportAssignment(statement) && ts.isIdentifier(statement.expression))
      parsed.exported.add(statement.expression.text);
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      if (statement.importClause?.isTypeOnly) continue;
      const names = parsed.imports.get(statement.moduleSpecifier.text) ?? new Set();
      for (const name of importedNames(statement)) names.add(name);
      parsed.imports.set(statement.moduleSpecifier.text, names);
    }
  }
  const visit = (node: ts.Node, typeOnly: boolean) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    if (isFunctionLike(node)) {
      const name = v8Name(node);
      if (name !== null) parsed.names.add(name);
    }
    if (ts.isPropertyDeclaration(node) && !hasModifier(node, ts.SyntaxKind.StaticKeyword))
      parsed.names.add(INSTANCE_FIELDS);
    const children = node.getChildren(source);
    if (children.length > 0) {
      for (const child of children) visit(child, typeOnly || isTypeOnly(child));
      return;
    }
    if (typeOnly || node.kind === ts.SyntaxKind.EndOfFileToken) return;
    // A token: every line it spans (a template literal may span several) holds code.
    for (let line = lineOf(node.getStart(source)); line <= lineOf(node.getEnd()); line++) {
      const tokens = parsed.tokensByLine.get(line) ?? [];
      tokens.push(node);
      parsed.tokensByLine.set(line, tokens);
    }
  };
  visit(source, false);
  return parsed;
}

function isPrivate(scope: Scope, parsed: ParsedFile): boolean {
  const { node } = scope;
  if (ts.isFunctionDeclaration(node))
    return (
      node.parent === parsed.source &&
      node.name !== undefined &&
      !hasModifier(node, ts.SyntaxKind.ExportKeyword) &&
      !parsed.exported.has(node.name.text)
    );
  const declaration = node.parent;
  if (!ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name)) return false;
  const statement = declaration.parent.parent;
  return (
    ts.isVariableStatement(statement) &&
    statement.parent === parsed.source &&
    !hasModifier(statement, ts.SyntaxKind.ExportKeyword) &&
    !parsed.exported.has(declaration.name.text)
  );
}

/**
 * Whether evaluating an expression only computes a value: no call but `Object.freeze`, no `new` but of a Set, Map
 * or RegExp, no tagged template, assignment, `delete`, `await` or class. Functions in it are not run by it.
 */
function isPure(node: ts.Node): boolean {
  if (isFunctionLike(node)) return true;
  if (ts.isCallExpression(node) && node.expression.getText() !== 'Object.freeze') return false;
  if (ts.isNewExpression(node) && !['Set', 'Map', 'RegExp'].includes(node.expression.getText())) return false;
  if (
    ts.isTaggedTemplateExpression(node) ||
    ts.isAwaitExpression(node) ||
    ts.isYieldExpression(node) ||
    ts.isDeleteExpression(node) ||
    ts.isClassExpression(node)
  )
    return false;
  if (
    ts.isBinaryExpression(node) &&
    node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
    node.operatorToken.kind <= ts.SyntaxKind.LastAssignment
  )
    return false;
  if (
    (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
    (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)
  )
    return false;
  return ts.forEachChild(node, (child) => (isPure(child) ? undefined : true)) !== true;
}

/** A top-level `const` this module keeps to itself and computes without side effects: the names it declares. */
function privateConstant(statement: ts.Node, parsed: ParsedFile): string[] | null {
  if (!ts.isVariableStatement(statement)) return null;
  if (!(statement.declarationList.flags & ts.NodeFlags.Const)) return null;
  if (hasModifier(statement, ts.SyntaxKind.ExportKeyword)) return null;
  const names: string[] = [];
  for (const declaration of statement.declarationList.declarations) {
    if (!ts.isIdentifier(declaration.name) || !declaration.initializer) return null;
    if (parsed.exported.has(declaration.name.text) || !isPure(declaration.initializer)) return null;
    names.push(declaration.name.text);
  }
  return names;
}

/** The identifiers of the file that read one of `names` (not declarations, property names or types). */
function usesOf(names: ReadonlySet<string>, parsed: ParsedFile): ts.Identifier[] {
  const uses: ts.Identifier[] = [];
  const visit = (node: ts.Node, typeOnly: boolean) => {
    if (ts.isIdentifier(node) && names.has(node.text) && !typeOnly) {
      const parent = node.parent;
      const declares =
        ((ts.isVariableDeclaration(parent) ||
          ts.isFunctionDeclaration(parent) ||
          ts.isClassDeclaration(parent) ||
          ts.isParameter(parent) ||
          ts.isBindingElement(parent) ||
          ts.isImportSpecifier(parent) ||
          ts.isImportClause(parent) ||
          ts.isNamespaceImport(parent) ||
          ts.isPropertyAssignment(parent) ||
          ts.isPropertyDeclaration(parent) ||
          ts.isMethodDeclaration(parent) ||
          ts.isGetAccessorDeclaration(parent) ||
          ts.isSetAccessorDeclaration(parent) ||
          ts.isEnumMember(parent)) &&
          parent.name === node) ||
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isQualifiedName(parent) && parent.right === node);
      if (!declares) uses.push(node);
    }
    ts.forEachChild(node, (child) => visit(child, typeOnly || isTypeOnly(child)));
  };
  visit(parsed.source, false);
  return uses;
}

/**
 * The changed lines that hold code (comments, blank lines and types left out), each with the functions around it.
 * A changed private constant (`const LIMIT = 3`, computed without side effects) or import reaches the places that
 * use its names rather than the whole module. `before` is null for a file the base did not have, `after` for one
 * deleted.
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
  const add = (entry: ChangedLine) => {
    const key = JSON.stringify(entry);
    if (seen.has(key)) return;
    seen.add(key);
    result.push(entry);
  };

  const read = (side: ChangedLine['side'], parsed: ParsedFile, numbers: readonly number[]) => {
    const other = side === 'before' ? now : old;
    const refs = (scopes: Scope[]) =>
      scopes.map(
        (scope): FunctionRef => ({
          name: scope.name,
          existedBefore: side === 'before' || (scope.name !== null && (old?.names.has(scope.name) ?? false)),
          private: isPrivate(scope, parsed),
        }),
      );
    const topStatement = (node: ts.Node): ts.Node => {
      let statement = node;
      while (statement.parent && statement.parent !== parsed.source) statement = statement.parent;
      return statement;
    };
    // Where the names of a changed constant or import are used: in functions, or in another private constant.
    const follow = (line: number, names: Set<string>, via: Set<string>) => {
      for (const use of usesOf(names, parsed)) {
        const scopes = scopesOf(use);
        if (scopes.length > 0) {
          add({ side, line, chain: refs(scopes), via: use.text });
          continue;
        }
        const constant = privateConstant(topStatement(use), parsed);
        if (!constant) {
          add({ side, line, chain: [], via: use.text });
          continue;
        }
        const next = constant.filter((name) => !via.has(name));
        if (next.length > 0) follow(line, new Set(next), new Set([...via, ...next]));
      }
    };
    for (const line of numbers) {
      for (const token of parsed.tokensByLine.get(line) ?? []) {
        const scopes = scopesOf(token);
        if (scopes.length > 0) {
          add({ side, line, chain: refs(scopes) });
          continue;
        }
        const statement = topStatement(token);
        if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
          const module = statement.moduleSpecifier.text;
          const names = importedNames(statement);
          const elsewhere = other?.imports.get(module);
          if (names.length === 0 || (side === 'before' && !elsewhere)) {
            // An import for its side effects, or a module no longer imported: the module's own top level.
            add({ side, line, chain: [] });
            continue;
          }
          if (side === 'after' && !elsewhere) add({ side, line, chain: [], newModule: module });
          // Names bound now and not before (or the other way round) reach where they are used.
          const changed = new Set(names.filter((name) => !elsewhere?.has(name)));
          if (changed.size > 0) follow(line, changed, changed);
          continue;
        }
        const constant = privateConstant(statement, parsed);
        if (constant) {
          const names = new Set(constant);
          follow(line, names, names);
          continue;
        }
        add({ side, line, chain: [] });
      }
    }
  };
  if (old) read('before', old, lines.before);
  if (now) read('after', now, lines.after);
  return result;
}

/**
 * Whether evaluating a module only declares: functions, classes without static code, constants computed without
 * side effects, types, and the modules it imports (`imports`, their specifiers: those run their own top level). A
 * new module like that runs nothing until changed code that imports it calls it.
 */
export function declaresOnly(file: string, text: string): { declaresOnly: boolean; imports: string[] } {
  const parsed = parse(file, text);
  const imports: string[] = [];
  const declares = (statement: ts.Statement): boolean => {
    if (isTypeOnly(statement) || ts.isEmptyStatement(statement) || ts.isFunctionDeclaration(statement))
      return true;
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly) return true;
      if (!statement.importClause || !ts.isStringLiteral(statement.moduleSpecifier)) return false;
      imports.push(statement.moduleSpecifier.text);
      return true;
    }
    if (ts.isExportDeclaration(statement)) {
      if (statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) && !statement.isTypeOnly)
        imports.push(statement.moduleSpecifier.text);
      return true;
    }
    if (ts.isClassDeclaration(statement))
      return (
        !ts.getDecorators(statement)?.length &&
        (statement.heritageClauses ?? []).every((clause) =>
          clause.types.every((type) => isPure(type.expression)),
        ) &&
        statement.members.every(
          (member) =>
            !ts.isClassStaticBlockDeclaration(member) &&
            !(ts.isPropertyDeclaration(member) && hasModifier(member, ts.SyntaxKind.StaticKeyword)) &&
            !(ts.canHaveDecorators(member) && ts.getDecorators(member)?.length),
        )
      );
    if (ts.isVariableStatement(statement))
      return (
        (statement.declarationList.flags & ts.NodeFlags.Const) !== 0 &&
        statement.declarationList.declarations.every(
          (declaration) => declaration.initializer !== undefined && isPure(declaration.initializer),
        )
      );
    if (ts.isExportAssignment(statement)) return isPure(statement.expression);
    return false;
  };
  const ok = parsed.source.statements.every(declares);
  return { declaresOnly: ok, imports };
}
