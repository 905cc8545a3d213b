/**
 * The parts of a workbook rewritten, as bytes, before exceljs's streaming reader reads them, so
 * that each cell reads as what the spreadsheet shows. The reader loses, on its own:
 *
 * - a formula cell's cached value when it is a boolean or an error (read with parseFloat: TRUE is
 *   1, #N/A is NaN). An import takes the value shown, never the formula: each `<f>` is dropped, so
 *   the cell is read as the plain value it caches, of its own type (no cached value: empty).
 * - the text of a cell with phonetic readings (`<rPh>`, Japanese): the reading replaces the text.
 *   They are dropped, from the sheet and from the shared strings.
 * - every run of an inline string but the last (`<is><r><t>A</t></r><r><t>B</t></r></is>` reads
 *   "B"). Its runs' texts are joined into one `<t>`.
 * - the text of an inline string or a formula's text result, decoded twice (`&amp;lt;`, the text
 *   "&lt;", reads "<"). Each reference to `&` becomes `&amp;amp;`, which the second decoding turns
 *   back into the `&` the cell holds. Shared strings are decoded once: they are left alone.
 *
 * Patching exceljs would fix these for every reader of the package; rewriting what this reader is
 * given keeps exceljs as published. The bytes are searched as ASCII (no byte of a multi-byte UTF-8
 * character is below 0x80). Parts written with a namespace prefix (`<x:c>`) or CDATA sections are
 * not handled: no spreadsheet program writes a sheet so, and exceljs reads no prefixed cell anyway.
 */

const GREATER_THAN = 0x3e;
const SLASH = 0x2f;
const AMPERSAND = 0x26;
/** What may follow an element's name in its start tag. */
const AFTER_NAME = new Set([GREATER_THAN, SLASH, 0x20, 0x09, 0x0a, 0x0d]);

type Element = { start: number; end: number; contentStart: number; contentEnd: number };

type ElementName = 'f' | 'rPh' | 't';
const TAGS = new Map<ElementName, { open: Buffer; close: Buffer }>(
  (['f', 'rPh', 't'] as const).map((name) => [
    name,
    { open: Buffer.from(`<${name}`), close: Buffer.from(`</${name}>`) },
  ]),
);

/** The `<name …>…</name>` and `<name …/>` elements of `xml`, in order (the name never nests in itself). */
function* elementsOf(xml: Buffer, name: ElementName): Generator<Element> {
  const { open, close } = TAGS.get(name) as { open: Buffer; close: Buffer };
  let from = 0;
  for (;;) {
    const start = xml.indexOf(open, from);
    if (start < 0) return;
    from = start + open.length;
    // `<f` also starts `<filterColumn`: the name must end there.
    if (!AFTER_NAME.has(xml[from] ?? 0)) continue;
    const tagEnd = xml.indexOf(GREATER_THAN, from);
    if (tagEnd < 0) return;
    if (xml[tagEnd - 1] === SLASH) {
      from = tagEnd + 1;
      yield { start, end: from, contentStart: from, contentEnd: from };
      continue;
    }
    const closeAt = xml.indexOf(close, tagEnd);
    if (closeAt < 0) return;
    from = closeAt + close.length;
    yield { start, end: from, contentStart: tagEnd + 1, contentEnd: closeAt };
  }
}

/** `xml` with each element `name` replaced by what `replace` makes of it (`xml` itself when none changes). */
function replaceElements(xml: Buffer, name: ElementName, replace: (element: Buffer) => Buffer): Buffer {
  const pieces: Buffer[] = [];
  let kept = 0;
  for (const { start, end } of elementsOf(xml, name)) {
    const element = xml.subarray(start, end);
    const replaced = replace(element);
    if (replaced === element) continue;
    pieces.push(xml.subarray(kept, start), replaced);
    kept = end;
  }
  if (pieces.length === 0) return xml;
  pieces.push(xml.subarray(kept));
  return Buffer.concat(pieces);
}

const NOTHING = Buffer.alloc(0);
const dropped = () => NOTHING;

const JOINED_OPEN = Buffer.from('<is><t xml:space="preserve">');
const JOINED_CLOSE = Buffer.from('</t></is>');
const INLINE_OPEN = Buffer.from('<is>');
const INLINE_CLOSE = Buffer.from('</is>');
/** A run's start tag, bare or with attributes (`<rPh` and `<row` are other names). */
const RUN_OPENS = [Buffer.from('<r>'), Buffer.from('<r ')];

/** An inline string of several texts (runs) as one text: the runs' texts, still escaped, end to end. */
function joinRuns(inlineString: Buffer): Buffer {
  const texts = [...elementsOf(inlineString, 't')];
  if (texts.length <= 1) return inlineString;
  return Buffer.concat([
    JOINED_OPEN,
    ...texts.map(({ contentStart, contentEnd }) => inlineString.subarray(contentStart, contentEnd)),
    JOINED_CLOSE,
  ]);
}

/** Where each run starts, in order; each start tag is searched for again only once passed. */
function* runStarts(xml: Buffer): Generator<number> {
  const next = RUN_OPENS.map((open) => xml.indexOf(open));
  for (;;) {
    let which = -1;
    next.forEach((at, index) => {
      if (at >= 0 && (which < 0 || at < (next[which] as number))) which = index;
    });
    if (which < 0) return;
    const at = next[which] as number;
    yield at;
    next[which] = xml.indexOf(RUN_OPENS[which] as Buffer, at + 1);
  }
}

/**
 * Each inline string that has runs, joined (joinRuns). Found from its runs, not by visiting every
 * inline string, and each search starts where the last one stopped: a sheet of plain inline
 * strings is passed over at indexOf's speed.
 */
function joinInlineRuns(xml: Buffer): Buffer {
  const pieces: Buffer[] = [];
  let kept = 0;
  let passed = 0;
  // The last inline string starting before the run, where it ends, and the next one's start.
  let inline = -1;
  let inlineEnd = -1;
  let nextInline = xml.indexOf(INLINE_OPEN);
  for (const run of runStarts(xml)) {
    if (run < passed) continue;
    if (nextInline >= 0 && nextInline < run) {
      while (nextInline >= 0 && nextInline < run) {
        inline = nextInline;
        nextInline = xml.indexOf(INLINE_OPEN, inline + 1);
      }
      const closeAt = xml.indexOf(INLINE_CLOSE, inline);
      inlineEnd = closeAt < 0 ? -1 : closeAt + INLINE_CLOSE.length;
    }
    // A run outside an inline string (no worksheet has one) is left as it is.
    if (inline < passed || inlineEnd < run) continue;
    const element = xml.subarray(inline, inlineEnd);
    const joined = joinRuns(element);
    if (joined !== element) {
      pieces.push(xml.subarray(kept, inline), joined);
      kept = inlineEnd;
    }
    passed = inlineEnd;
  }
  if (pieces.length === 0) return xml;
  pieces.push(xml.subarray(kept));
  return Buffer.concat(pieces);
}

/** `&amp;`, `&#38;` and `&#x26;` (with or without leading zeros): the references that stand for `&`. */
const AMPERSAND_REFERENCE = /^&(?:amp|#0*38|#x0*26);/;
const LONGEST_REFERENCE = 12;
const DOUBLED = Buffer.from('&amp;amp;');

/** Each reference to `&` written as a reference to the text `&amp;`. */
function doubleAmpersands(xml: Buffer): Buffer {
  const pieces: Buffer[] = [];
  let kept = 0;
  for (let at = xml.indexOf(AMPERSAND); at >= 0; at = xml.indexOf(AMPERSAND, at + 1)) {
    const reference = AMPERSAND_REFERENCE.exec(xml.toString('latin1', at, at + LONGEST_REFERENCE));
    if (!reference) continue;
    pieces.push(xml.subarray(kept, at), DOUBLED);
    kept = at + reference[0].length;
  }
  if (pieces.length === 0) return xml;
  pieces.push(xml.subarray(kept));
  return Buffer.concat(pieces);
}

/** A worksheet's XML as exceljs's streaming reader must get it to read each cell as shown. */
export function readableSheetXml(xml: Buffer): Buffer {
  const withoutFormulas = replaceElements(xml, 'f', dropped);
  const withoutReadings = replaceElements(withoutFormulas, 'rPh', dropped);
  return doubleAmpersands(joinInlineRuns(withoutReadings));
}

/** The shared strings' XML as exceljs's streaming reader must get it: without phonetic readings. */
export function readableSharedStrings(xml: Buffer): Buffer {
  return replaceElements(xml, 'rPh', dropped);
}
