import PDFDocument from 'pdfkit';
import { majorUnits } from '../../../../core/export-format.js';

/**
 * What the invoice and the statement share: an A4 page with the platform's wordmark (or logo), a
 * title, label/value blocks, a table that breaks across pages repeating its header, a totals block
 * and a footer. Built in memory: these documents are a few pages, unlike the CSV exports.
 *
 * The 14 standard PDF fonts (Helvetica) are used, so nothing is embedded and no font file ships;
 * they cover Latin-1 and €, which is what company details and amounts hold today.
 */

export type Doc = PDFKit.PDFDocument;

export interface Branding {
  name: string;
  /** A PNG or JPEG the platform gave as its logo, when it is one we hold (never fetched). */
  logo: Buffer | null;
}

const MARGIN = 50;
const INK = '#111827';
const MUTED = '#6b7280';
const RULE = '#d1d5db';

/**
 * A new document whose metadata depends only on the subject: pdfkit derives the file ID from the
 * info dictionary, so with CreationDate taken from the document's own date (not the clock) the
 * same invoice gives the same bytes.
 */
export function newDocument(title: string, createdAt: Date, author: string): Doc {
  return new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: title, Author: author, Creator: author, Producer: 'Wharf', CreationDate: createdAt },
  });
}

/** Ends the document and gives its bytes. */
export function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

const formatters = new Map<string, Intl.NumberFormat>();

/** `€1,234.56`, `JP¥1,235`: the currency's own digits, fed the exact decimal rather than a float. */
export function money(minor: number, currency: string): string {
  let format = formatters.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
    formatters.set(currency, format);
  }
  // Intl takes a decimal string exactly (ECMA-402 NumberFormat v3); the ES2023 typings only know numbers.
  return format.format(majorUnits(minor, currency) as unknown as number);
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** `15 Jan 2026`, in UTC like the billing periods. */
export const formatDate = (at: Date) => dateFormat.format(at);

/** A period [start, end) as people read it: its first and last day. */
export const formatPeriod = (start: Date, end: Date) =>
  `${formatDate(start)} – ${formatDate(new Date(end.getTime() - 1))}`;

const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2;
const bottom = (doc: Doc) => doc.page.height - MARGIN - 30;

/** The platform's logo, or its name as a wordmark, and the document's title on the right. */
export function header(doc: Doc, brand: Branding, title: string, subtitle: string): void {
  const top = MARGIN;
  if (brand.logo) {
    doc.image(brand.logo, MARGIN, top, { fit: [160, 40] });
  } else {
    doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(brand.name, MARGIN, top, { width: 250 });
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(INK)
    .text(title, MARGIN, top, { width: contentWidth(doc), align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(subtitle, { width: contentWidth(doc), align: 'right' });
  doc.y = top + 70;
}

/** Label: value lines at x, from the current y (or `y`); answers where it ended. */
export function fields(doc: Doc, rows: readonly [string, string][], x: number, y = doc.y): number {
  let at = y;
  for (const [label, value] of rows) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, x, at, { width: 80 });
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(value, x + 85, at, { width: 160 });
    at = Math.max(doc.y, at + 14) + 2;
  }
  return at;
}

/** A titled block of plain lines (an address), at x; answers where it ended. */
export function block(doc: Doc, title: string, lines: readonly string[], x: number, y = doc.y): number {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(title.toUpperCase(), x, y, { width: 240 });
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  for (const line of lines) doc.text(line, x, doc.y, { width: 240 });
  return doc.y;
}

export interface Column {
  title: string;
  /** Share of the content width. */
  width: number;
  align?: 'left' | 'right';
}

function tableHeader(doc: Doc, columns: readonly Column[]): void {
  const width = contentWidth(doc);
  let x = MARGIN;
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED);
  for (const column of columns) {
    doc.text(column.title, x, y, { width: column.width * width - 6, align: column.align ?? 'left' });
    x += column.width * width;
  }
  const line = y + 14;
  doc
    .moveTo(MARGIN, line)
    .lineTo(MARGIN + width, line)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
  doc.y = line + 6;
}

/**
 * Rows under a header; a row that would cross the bottom margin starts a new page, which repeats
 * the header, so a long invoice reads like a short one. Cells wrap; a row is as tall as its tallest.
 */
export function table(doc: Doc, columns: readonly Column[], rows: readonly (readonly string[])[]): void {
  const width = contentWidth(doc);
  tableHeader(doc, columns);
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  for (const row of rows) {
    const height = Math.max(
      ...columns.map((column, i) => doc.heightOfString(row[i] ?? '', { width: column.width * width - 6 })),
    );
    if (doc.y + height > bottom(doc)) {
      doc.addPage();
      tableHeader(doc, columns);
      doc.font('Helvetica').fontSize(10).fillColor(INK);
    }
    const y = doc.y;
    let x = MARGIN;
    columns.forEach((column, i) => {
      doc.text(row[i] ?? '', x, y, { width: column.width * width - 6, align: column.align ?? 'left' });
      x += column.width * width;
    });
    doc.y = y + height + 5;
  }
}

/** Label and amount lines under the table, right-aligned; `strong` ones bold with a rule above. */
export function totals(doc: Doc, rows: readonly { label: string; value: string; strong?: boolean }[]): void {
  const width = contentWidth(doc);
  const left = MARGIN + width * 0.5;
  if (doc.y + rows.length * 18 + 10 > bottom(doc)) doc.addPage();
  doc.y += 8;
  for (const row of rows) {
    const y = doc.y;
    if (row.strong) {
      doc
        .moveTo(left, y - 3)
        .lineTo(MARGIN + width, y - 3)
        .strokeColor(RULE)
        .lineWidth(0.5)
        .stroke();
    }
    doc
      .font(row.strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK);
    doc.text(row.label, left, y, { width: width * 0.3 });
    doc.text(row.value, left + width * 0.3, y, { width: width * 0.2, align: 'right' });
    doc.y = y + 18;
  }
}

/** A short paragraph in the content width. */
export function note(doc: Doc, text: string): void {
  doc.moveDown(1);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(text, MARGIN, doc.y, { width: contentWidth(doc) });
}

/** "Page n of m" and who issued it at the foot of every page (the pages are buffered for this). */
export function footer(doc: Doc, issuer: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN;
    // Writing below the bottom margin would make pdfkit start a page of its own.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${issuer} · Page ${i + 1} of ${range.count}`, MARGIN, y, { width: contentWidth(doc), align: 'center' });
    doc.page.margins.bottom = margin;
  }
}
