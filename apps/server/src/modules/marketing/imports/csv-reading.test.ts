import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvItems, detectDelimiter, readHead, type CsvItem } from './csv-reading.js';

const items = async (text: string, delimiter = detectDelimiter(text)) => {
  const all: CsvItem[] = [];
  for await (const item of csvItems(Readable.from([Buffer.from(text)]), delimiter)) all.push(item);
  return all;
};

describe('reading an uploaded CSV', () => {
  it("tells the header's delimiter: comma, semicolon or tab, quotes ignored, a comma when none", () => {
    expect(detectDelimiter('email;name;"a,b,c"\nx,y,z')).toBe(';');
    expect(detectDelimiter('\uFEFFemail\tname\n')).toBe('\t');
    expect(detectDelimiter('email,"name;surname"')).toBe(',');
    expect(detectDelimiter('email')).toBe(',');
  });

  it('gives every record with its line, bad lines in their place, past a BOM, blank lines and quoted line breaks', async () => {
    const read = await items('\uFEFFemail,name\r\na@x.io,A\r\n\r\n"b@x.io","Two\nlines"\r\nc@x.io\r\nd@x.io,D\r\n');
    expect(read.map((item) => [item.kind, item.line])).toEqual([
      ['record', 1],
      ['record', 2],
      ['record', 5],
      ['bad', 6],
      ['record', 7],
    ]);
    expect(read[0]).toMatchObject({ fields: ['email', 'name'] });
    expect(read[2]).toMatchObject({ fields: ['b@x.io', 'Two\nlines'] });
    expect(read[3]).toMatchObject({ raw: 'c@x.io', message: 'This line has 1 columns where the header has 2.' });
  });

  it('reports a quote left open instead of reading the rest of the file into one value', async () => {
    const read = await items(`email,name\na@x.io,"open\n${'x,y\n'.repeat(30_000)}`);
    expect(read.at(-1)).toMatchObject({
      kind: 'bad',
      line: 2,
      message: expect.stringMatching(/could not be read past/),
    });
  });

  it('reads the header and the first rows, or nothing for a file whose first line cannot be read', async () => {
    const head = await readHead(Readable.from(['email;name\n', 'a@x.io;A\nb@x.io;B\nc@x.io;C\n']), ';', 2);
    expect(head).toEqual({
      delimiter: ';',
      columns: ['email', 'name'],
      sample: [
        ['a@x.io', 'A'],
        ['b@x.io', 'B'],
      ],
    });
    expect(await readHead(Readable.from(['"email\n']), ',')).toBeUndefined();
  });

  it('drops NUL bytes from what it keeps (a bad line, the header, the sample): jsonb cannot hold them', async () => {
    const read = await items('email,name\nbad\u0000line\n');
    expect(read[1]).toMatchObject({ kind: 'bad', raw: 'badline' });
    const head = await readHead(Readable.from(['em\u0000ail,name\n', 'a@x.io,A\u0000da\n']), ',');
    expect(head).toMatchObject({ columns: ['email', 'name'], sample: [['a@x.io', 'Ada']] });
  });
});
