// What a comment, a test title or a document may not lean on: the product specification's
// sections, the contract and design files the project started from, issue numbers, and files
// outside this repository. Each of those goes stale or out of reach while the code stays, so the
// text states the rule itself instead ("a lead's franchises are names that must exist"). Files
// inside the repository (docs/api.md, docs/decisions/004, ARCHITECTURE.md) may be named.

/** @type {{ pattern: RegExp, what: string }[]} */
const CITATIONS = [
  { pattern: /§/g, what: 'a section of the product specification' },
  { pattern: /\bSPEC\b/g, what: 'the product specification' },
  { pattern: /\bspecification\b/gi, what: 'the product specification' },
  { pattern: /\b(?:the|product)\s+spec(?:'s)?\b(?!\.)/gi, what: 'the product specification' },
  { pattern: /\bspec\s+(?:says|said|section)\b/gi, what: 'the product specification' },
  { pattern: /\bsection\s+\d+(?:\.\d+)*\s+of\b/gi, what: 'a section of an outside document' },
  { pattern: /(?<![\w/.-])api\.md\b/gi, what: 'the contract file (the repository has docs/api.md)' },
  { pattern: /\b(?:design|spec)\.md\b/gi, what: 'a design or specification file' },
  { pattern: /\b(?:the|API)\s+contract(?:'s)?\b(?!\s+status)/gi, what: 'the contract file' },
  { pattern: /\bissues?\s*#?\d+/gi, what: 'an issue number' },
  { pattern: /\b(?:this|that)\s+issue\b|\bthe\s+issue(?:'s\b|\s+(?:sets|says|asks))/gi, what: 'an issue' },
  { pattern: /(?<![\w&#/])#\d+\b/g, what: 'an issue number' },
  { pattern: /\.\.\/shared\//g, what: 'a file outside this repository' },
];

/**
 * Every citation in `text`, in order: where it starts, what it says and what kind it is; text that
 * several patterns match ("the spec says") is one citation. A pattern may span a line break, so a
 * caller that strips comment markers should keep the offsets (blank them out).
 *
 * @param {string} text
 * @returns {{ index: number, text: string, what: string }[]}
 */
export function findOutsideCitations(text) {
  const found = [];
  for (const { pattern, what } of CITATIONS) {
    for (const match of text.matchAll(pattern)) found.push({ index: match.index, text: match[0], what });
  }
  found.sort((a, b) => a.index - b.index || b.text.length - a.text.length);
  const citations = [];
  for (const citation of found) {
    const previous = citations.at(-1);
    if (!previous || citation.index >= previous.index + previous.text.length) citations.push(citation);
  }
  return citations;
}

/**
 * The line-continuation markers of a comment (` * ` in a JSDoc block, `--` or `//` at the start of
 * a line) blanked out with spaces, so a citation broken over two lines still reads as one and every
 * offset still points at the same character.
 *
 * @param {string} text
 */
export function blankCommentMarkers(text) {
  return text.replace(/(\n[ \t]*)(\*(?!\/)|--|\/\/)/g, (_, lead, marker) => lead + ' '.repeat(marker.length));
}
