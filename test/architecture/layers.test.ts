/**
 * Each layer keeps its side (brief "Shape of the code"; docs/architecture.md "Texts: the game writes, the bot formats"):
 *
 * - `src/game` returns data, never Discord markup: no timestamp (`<t:`), member or role mention (`<@`), channel link
 *   (`<#`) anywhere in it, comments included, and no import of discord.js or its packages. Its texts name a moment, a
 *   member, a role or a channel by a reference (src/game/core/text-refs.ts) the bot formats (src/bot/markup.ts).
 * - `src/bot` never runs SQL: it reads and writes through the game layer's functions and imports nothing of
 *   `src/store`, of `drizzle-orm` (or any driver) or of a game kind's tables (`src/game/<kind>/tables.ts`). The one
 *   exception is the bot's composition root, `src/bot/app.ts`, which is handed the opened database (`BotOptions.db`)
 *   and may import the store's types — types only (`import type`). Nor does it reach the database's own client.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './import-graph.js';

/** Discord's markup for a timestamp, a user or role mention, a channel link. */
const DISCORD_MARKUP = ['<t:', '<@', '<#'];
/** Packages that write Discord's markup (and talk to Discord): only the bot imports them. */
const DISCORD_PACKAGES = /^(discord\.js|@discordjs\/)/;
/** Packages that run SQL: drizzle and both databases' drivers. */
const SQL_PACKAGES = /^(drizzle-orm|drizzle-kit|better-sqlite3|pg)(\/|$)/;
/** The bot's composition root: the only bot file that may import the store, and then only its types. */
const BOT_COMPOSITION_ROOT = 'src/bot/app.ts';
/**
 * What in the bot would reach the database around the game layer: its raw client, a prepared statement, a `sql` tag, a
 * transaction of its own (the game layer's `inTransaction`/`inReadTransaction` or the store's): a use-case opens those.
 */
const RAW_DATABASE = [
  /\$client\b/,
  /\.prepare\(/,
  /\bsql`/,
  /\bdb\s*\.\s*(select|insert|update|delete|transaction|run|all|get)\s*\(/,
  /\b(inTransaction|inReadTransaction|inSnapshot)\s*\(/,
  /\.transaction\s*\(/,
];

/** Every import of a file: what it names (as written), and whether only types come in. */
function importsOf(file: string, text: string): { specifier: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      // Only `import type` is erased whole for sure: `import { type X }` may still load the module.
      out.push({ specifier: node.moduleSpecifier.text, typeOnly: node.importClause?.isTypeOnly === true });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      out.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      out.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** A relative import as a project path (`src/store/db.ts`); a package's name as it is. */
function target(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  return relative(ROOT, resolve(ROOT, dirname(file), specifier))
    .split(sep)
    .join('/')
    .replace(/\.js$/, '.ts');
}

/** What a `src/game` file writes that is Discord's markup or needs Discord's packages. */
function markupProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const mark of DISCORD_MARKUP)
      if (line.includes(mark))
        problems.push(`${file}:${i + 1} writes Discord markup "${mark}": ${line.trim().slice(0, 120)}`);
  });
  for (const { specifier } of importsOf(file, text))
    if (DISCORD_PACKAGES.test(specifier)) problems.push(`${file} imports ${specifier}`);
  return problems;
}

/** What a `src/bot` file imports or touches that runs SQL around the game layer. */
function sqlProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  for (const { specifier, typeOnly } of importsOf(file, text)) {
    const to = target(file, specifier);
    const store = to.startsWith('src/store/');
    const tables = /^src\/game\/[^/]+\/tables\.ts$/.test(to);
    if (store && file === BOT_COMPOSITION_ROOT && typeOnly) continue;
    if (store || tables || SQL_PACKAGES.test(to))
      problems.push(
        `${file} imports ${specifier}${store && file === BOT_COMPOSITION_ROOT ? ' (the composition root may import the store’s types only)' : ''}`,
      );
  }
  text.split('\n').forEach((line, i) => {
    for (const pattern of RAW_DATABASE)
      if (pattern.test(line)) problems.push(`${file}:${i + 1} reaches the database: ${line.trim().slice(0, 120)}`);
  });
  return problems;
}

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

describe('the game layer writes no Discord markup', () => {
  it('finds markup and Discord imports where they are (the checker itself)', () => {
    expect(markupProblems('src/game/x.ts', 'const a = `deadline <t:${s}:R>`;')).toHaveLength(1);
    expect(markupProblems('src/game/x.ts', 'const a = `<@${id}> and <#${channel}>`;')).toHaveLength(2);
    expect(
      markupProblems(
        'src/game/x.ts',
        "import { time } from 'discord.js';\nimport type { Snowflake } from '@discordjs/formatters';",
      ),
    ).toHaveLength(2);
    expect(
      markupProblems(
        'src/game/x.ts',
        "import { timeRef } from './text-refs.js';\nconst a = `deadline ${timeRef(ms)}`;",
      ),
    ).toEqual([]);
  });

  it('has none in src/game', () => {
    const files = sourceFiles('src/game');
    expect(files.length).toBeGreaterThan(30);
    expect(files.flatMap((file) => markupProblems(file, read(file)))).toEqual([]);
  });
});

/**
 * The card game's use-cases return data and message keys, never words (docs/cardgame.md "Words in the bot"): no Markdown
 * emphasis (`**`) in a string of theirs and no call of the catalogue's `tr` (the bot words: src/bot/cards/words.ts,
 * src/bot/cards/names.ts). Comments are not strings, so they may quote a text.
 */
/** Each node of a file, visited with the `file:line` it starts on. */
function eachNode(file: string, text: string, visit: (node: ts.Node, at: string) => void): void {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const walk = (node: ts.Node): void => {
    visit(node, `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    ts.forEachChild(node, walk);
  };
  walk(source);
}

/** A string's text, or a template's piece of text, where the node is one; else undefined. */
const stringText = (node: ts.Node): string | undefined =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)
    ? node.text
    : undefined;

/** What a file writes in words: a string with `**`, a `tr(…)` call. */
function wordingProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  eachNode(file, text, (node, at) => {
    if (stringText(node)?.includes('**'))
      problems.push(`${at} writes Markdown emphasis: ${node.getText().slice(0, 120)}`);
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'tr')
      problems.push(`${at} words a message: ${node.getText().slice(0, 120)}`);
  });
  return problems;
}

describe('the card game’s use-cases write no words', () => {
  it('finds emphasis and wording where they are, not in comments (the checker itself)', () => {
    expect(wordingProblems('src/game/cards/x.ts', 'const a = `**${title}**\\n${text}`;')).toHaveLength(2);
    expect(wordingProblems('src/game/cards/x.ts', "const a = '**Round 3**';")).toHaveLength(1);
    expect(wordingProblems('src/game/cards/x.ts', "const a = tr(locale, 'cards.table.seats');")).toHaveLength(1);
    expect(
      wordingProblems('src/game/cards/x.ts', '/** "**Qin** wins", tr(locale, key) */\nconst a = msg(\'cards.x\');'),
    ).toEqual([]);
  });

  it('has none in src/game/cards', () => {
    const files = sourceFiles('src/game/cards');
    expect(files).toContain('src/game/cards/outbox.ts');
    expect(files.flatMap((file) => wordingProblems(file, read(file)))).toEqual([]);
  });
});

/**
 * The whole game layer hands over data and message keys; emphasis is the catalogues' (docs/architecture.md "Texts: the
 * game writes, the bot formats"): no bold, underline, strike-through or spoiler marks in a string of `src/game`, and no
 * value wrapped in inline code by a template (`` `\`${name}\`` ``: `codeListParam`, src/i18n, does it).
 */
const EMPHASIS = ['**', '__', '~~', '||'];

function gameMarkdownProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  eachNode(file, text, (node, at) => {
    const mark = EMPHASIS.find((m) => stringText(node)?.includes(m));
    if (mark) problems.push(`${at} writes "${mark}": ${node.getText().slice(0, 120)}`);
    if (ts.isTemplateExpression(node)) {
      const pieces = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      for (let i = 0; i + 1 < pieces.length; i++)
        if (pieces[i]!.endsWith('`') && pieces[i + 1]!.startsWith('`'))
          problems.push(`${at} wraps a value in inline code: ${node.getText().slice(0, 120)}`);
    }
  });
  return problems;
}

describe('the game layer writes no Markdown of its own', () => {
  it('finds emphasis and values in inline code, not a backtick in prose or a comment (the checker itself)', () => {
    expect(gameMarkdownProblems('src/game/x.ts', 'const a = listParam(xs.map((x) => `\\`${x}\\``));')).toHaveLength(1);
    expect(gameMarkdownProblems('src/game/x.ts', "const a = '**Round 3**'; const b = '__x__';")).toHaveLength(2);
    expect(gameMarkdownProblems('src/game/x.ts', "throw new Error('a JSON array (cases of `adjudicate`)');")).toEqual(
      [],
    );
    expect(gameMarkdownProblems('src/game/x.ts', '/** `\\`${a}\\`` **b** */\nconst a = codeListParam(xs);')).toEqual(
      [],
    );
  });

  it('has none in src/game', () => {
    const files = sourceFiles('src/game');
    expect(files).toContain('src/game/seats/nmr.ts');
    expect(files.flatMap((file) => gameMarkdownProblems(file, read(file)))).toEqual([]);
  });
});

/**
 * The bot writes Discord's markup through discord.js's formatters (`bold`, `inlineCode`, `userMention`, `time`, …),
 * never by hand in a string of its own (docs/architecture.md "Texts: the game writes, the bot formats"); the texts of
 * the catalogue and the game layer carry their own emphasis. The file that reads the game's markup is left out.
 */
const HAND_MARKUP = ['**', '__', '~~', '||', '`', '<@', '<#', '<t:']; // and a quote's `> ` where a line starts
const READS_MARKUP = ['src/bot/markup.ts'];

/** Where a `src/bot` file writes Discord markup in a string of its own. */
function handMarkupProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  eachNode(file, text, (node, at) => {
    const written = stringText(node);
    const mark =
      written === undefined
        ? undefined
        : (HAND_MARKUP.find((m) => written.includes(m)) ?? (/(^|\n)> /.test(written) ? '> ' : undefined));
    if (mark !== undefined) problems.push(`${at} writes "${mark}" by hand: ${node.getText().slice(0, 120)}`);
  });
  return problems;
}

describe('the bot writes markup through the formatters', () => {
  it('finds markup written by hand in strings, not in comments nor formatter calls (the checker itself)', () => {
    expect(handMarkupProblems('src/bot/x.ts', 'const a = `**${title}**\\n${text}`;')).toHaveLength(2);
    expect(handMarkupProblems('src/bot/x.ts', 'const a = `\\`${code}\\` ${name}`;')).toHaveLength(2);
    expect(handMarkupProblems('src/bot/x.ts', "const a = '<@' + id + '>';")).toHaveLength(1);
    expect(handMarkupProblems('src/bot/x.ts', "const a = [head, '> …'].join('\\n') + `> ${line}`;")).toHaveLength(2);
    expect(handMarkupProblems('src/bot/x.ts', "const a = 'a > b';")).toEqual([]);
    expect(
      handMarkupProblems('src/bot/x.ts', '/** "**Qin** wins" */\nconst a = `${bold(title)}\\n${inlineCode(code)}`;'),
    ).toEqual([]);
  });

  it('has none in src/bot', () => {
    const files = sourceFiles('src/bot').filter((file) => !READS_MARKUP.includes(file));
    expect(files).toContain('src/bot/cards/words.ts');
    expect(files.flatMap((file) => handMarkupProblems(file, read(file)))).toEqual([]);
  });

  // The order pad (docs/pad.md), a front end beside the bot, writes no Markdown or Discord markup by hand either.
  it('has none in src/web', () => {
    const files = sourceFiles('src/web');
    expect(files).toContain('src/web/page/main.ts');
    expect(files.flatMap((file) => handMarkupProblems(file, read(file)))).toEqual([]);
  });
});

describe('the bot runs no SQL', () => {
  it('finds imports of the store, SQL packages and kind tables, and raw database use (the checker itself)', () => {
    expect(sqlProblems('src/bot/send.ts', "import { eq } from 'drizzle-orm';")).toHaveLength(1);
    expect(sqlProblems('src/web/app.ts', "import pg from 'pg';")).toHaveLength(1);
    expect(sqlProblems('src/bot/send.ts', "import { games } from '../store/schema.js';")).toHaveLength(1);
    expect(
      sqlProblems('src/bot/cards/deliver.ts', "import { cardEvents } from '../../game/cards/tables.js';"),
    ).toHaveLength(1);
    expect(sqlProblems('src/bot/send.ts', "import type { Db } from '../store/db.js';")).toHaveLength(1);
    expect(sqlProblems('src/bot/app.ts', "import type { Db } from '../store/db.js';")).toEqual([]);
    expect(sqlProblems('src/bot/app.ts', "import { type Db } from '../store/db.js';")).toHaveLength(1);
    expect(sqlProblems('src/bot/app.ts', "import { openDatabase } from '../store/db.js';")).toHaveLength(1);
    expect(sqlProblems('src/bot/x.ts', 'const row = ctx.deps.db.select().from(t).get();')).toHaveLength(1);
    expect(sqlProblems('src/bot/x.ts', "deps.db.$client.prepare('select 1').get();")).toHaveLength(2);
    expect(
      sqlProblems('src/bot/x.ts', 'const r = await inReadTransaction(ctx.deps, async (tx) => read(tx));'),
    ).toHaveLength(1);
    expect(sqlProblems('src/web/x.ts', 'await deps.store.transaction(async (tx) => write(tx));')).toHaveLength(1);
    expect(
      sqlProblems(
        'src/bot/x.ts',
        "import { notifyRoleOf } from '../game/index.js';\ncreateHash('sha256').update(key);",
      ),
    ).toEqual([]);
  });

  it('has none in src/bot', () => {
    const files = sourceFiles('src/bot');
    expect(files).toContain(BOT_COMPOSITION_ROOT);
    expect(files.flatMap((file) => sqlProblems(file, read(file)))).toEqual([]);
  });

  // The order pad (docs/pad.md) is a front end beside the bot: it runs no SQL either, with no exception at all.
  it('has none in src/web', () => {
    const files = sourceFiles('src/web');
    expect(files).toContain('src/web/app.ts');
    expect(sqlProblems('src/web/app.ts', "import type { Db } from '../store/db.js';")).toHaveLength(1);
    expect(files.flatMap((file) => sqlProblems(file, read(file)))).toEqual([]);
  });
});
