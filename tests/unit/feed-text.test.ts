import { csvDocument, csvList, optional, plainText, xmlDocument } from '@server/services/feeds/feed-text.ts';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { children, childText, parseCsv, parseXml } from '../support/feed-readers.ts';

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

describe('the feeds text', () => {
  it('removes what XML 1.0 does not allow, lone surrogates included, and keeps paired ones', () => {
    expect(plainText('a\u0000b\u0008c\u000Bd\u000Ce\u001Ff\u007Fg\u0085h\uFFFEi\uFFFFj')).toBe('abcdefghij');
    expect(plainText('x\uD800y\uDC00z')).toBe('xyz');
    expect(plainText('auto 🚗')).toBe('auto 🚗');
    expect(plainText('  dos\n\tlíneas \r\n ')).toBe('dos líneas');
  });

  it('has XMLBuilder escape the five XML characters once, in text and attributes, so no ]]> or markup survives', () => {
    const doc = xmlDocument({
      r: { v: '<a href="x">&\'</a> ]]> &amp;', w: { '@a': '"<&>\'', '#text': 'x' } },
    });
    expect(doc.startsWith(HEAD)).toBe(true);
    expect(doc).toContain('<v>&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt; ]]&gt; &amp;amp;</v>');
    expect(doc).toContain('<w a="&quot;&lt;&amp;&gt;&apos;">x</w>');
    const root = parseXml(doc);
    expect(childText(root, 'v')).toBe('<a href="x">&\'</a> ]]> &amp;');
    expect(children(root, 'w')[0]?.attribs.a).toBe('"<&>\'');
  });

  it('leaves out an element whose value is null or empty, and writes numbers', () => {
    const doc = xmlDocument({
      r: { a: optional(''), b: optional(null), c: optional('\u0001 '), year: optional(2021) },
    });
    expect(doc).not.toMatch(/<[abc][>/]/);
    expect(doc).toContain('<year>2021</year>');
  });

  it('writes documents a strict reading accepts, whatever the text, and reads the text back cleaned', () => {
    const nasty = [
      '<',
      '&',
      ']]>',
      '\u0000',
      '\uD800',
      '\uDFFF',
      '&amp;',
      '<![CDATA[',
      '<?pi?>',
      '"\'',
      '\uFFFE',
    ];
    for (const value of nasty) {
      const doc = xmlDocument({ r: { v: `a${value}b`, w: { '@x': `a${value}b` } } });
      const root = parseXml(doc);
      expect(childText(root, 'v'), JSON.stringify(value)).toBe(plainText(`a${value}b`));
      expect(children(root, 'w')[0]?.attribs.x, JSON.stringify(value)).toBe(plainText(`a${value}b`));
    }
  });

  it('the strict reading refuses what is not well-formed, by the validator or by the checks it lacks', () => {
    // XMLValidator itself refuses these.
    for (const bad of ['<r><a></r>', '<r>&</r>', '<r><a></a>', '<r a="1" a="2"/>', '<r a=1/>', 'x<r/>']) {
      expect(XMLValidator.validate(`${HEAD}${bad}`), bad).not.toBe(true);
      expect(() => parseXml(`${HEAD}${bad}`), bad).toThrow();
    }
    // XMLValidator accepts these; the reader's own checks refuse them.
    for (const bad of [
      '<r>&nbsp;</r>',
      '<r>&#65;</r>',
      '<r>\u0001</r>',
      '<r>\uFFFE</r>',
      '<r>]]></r>',
      '<r/><r/>',
      '<r/>text',
      '<r><![CDATA[x]]></r>',
      '<!DOCTYPE r><r/>',
      '<r><?pi x?></r>',
    ]) {
      expect(XMLValidator.validate(`${HEAD}${bad}`), bad).toBe(true);
      expect(() => parseXml(`${HEAD}${bad}`), bad).toThrow();
    }
    expect(() => parseXml('<r/>')).toThrow('no XML declaration');
  });

  it('quotes CSV fields that hold a comma or a quote, with a header and CRLF, and reads back the same', () => {
    const columns = ['a', 'b', 'c', 'd', 'e', 'f'] as const;
    const text = csvDocument(columns, [
      { a: 'simple', b: 'con, coma', c: 'con "comillas"', d: 'línea\nnueva', e: '=HYPERLINK("x")', f: null },
      { a: 2021, b: '\u0001', c: undefined, d: '', e: ' x ', f: 'y' },
    ]);
    expect(text).toBe(
      `a,b,c,d,e,f\r\nsimple,"con, coma","con ""comillas""",línea nueva,"'=HYPERLINK(""x"")",\r\n2021,,,,x,y\r\n`,
    );
    expect(parseCsv(text)).toEqual([
      [...columns],
      ['simple', 'con, coma', 'con "comillas"', 'línea nueva', `'=HYPERLINK("x")`, ''],
      ['2021', '', '', '', 'x', 'y'],
    ]);
  });

  it('writes a text cell that begins like a formula, once cleaned, behind an apostrophe; numbers as they are', () => {
    const columns = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;
    const text = csvDocument(columns, [
      {
        a: '=1+1',
        b: '+56 9',
        c: '-2+3',
        d: '@SUM(A1)',
        e: ' \t=1',
        f: '\u0001\r@x',
        g: -5,
        h: '15990000 CLP',
      },
    ]);
    expect(parseCsv(text)[1]).toEqual([
      "'=1+1",
      "'+56 9",
      "'-2+3",
      "'@SUM(A1)",
      "'=1",
      "'@x",
      '-5',
      '15990000 CLP',
    ]);
  });

  it('writes each value of a list field safe on its own, commas inside a value made spaces', () => {
    expect(csvList(['Automática', '=1+1', '@SUM(A1), B1', '\u0001-x', ''])).toBe(
      "Automática,'=1+1,'@SUM(A1) B1,'-x",
    );
    expect(csvList(['-2+3', 'Bencina'])).toBe("'-2+3,Bencina");
  });

  it('the strict CSV reading refuses stray quotes, ragged rows and bare line breaks', () => {
    for (const bad of [
      'a,b"c\r\n',
      'a,"b"c\r\n',
      'a,"b\r\n',
      'a,b\r\nc\r\n',
      'a,b\r\n\r\n',
      'a,b\nc,d\r\n',
      'a\rb\r\n',
    ])
      expect(() => parseCsv(bad), JSON.stringify(bad)).toThrow();
    expect(parseCsv('a,"b\r\nc"\r\n')).toEqual([['a', 'b\r\nc']]);
  });
});
