// An ESLint rule: comments and test titles state their rule themselves and never cite the product
// specification, the contract or design files, issue numbers, or files outside the repository
// (the list is `outside-citations.js`, shared with the check of the Markdown and SQL files).
import { blankCommentMarkers, findOutsideCitations } from './outside-citations.js';

const TEST_FUNCTIONS = new Set(['describe', 'suite', 'it', 'test']);

/**
 * The test function a call's callee names, through `.skip`, `.only`, `.each(table)`, `` .each`table` ``,
 * `.skipIf(condition)`, `test.describe` and their combinations; undefined for any other call.
 *
 * @param {import('estree').Node} callee
 */
function testFunctionOf(callee) {
  let node = callee;
  for (;;) {
    if (node.type === 'CallExpression') node = node.callee;
    else if (node.type === 'TaggedTemplateExpression') node = node.tag;
    else if (node.type === 'MemberExpression') node = node.object;
    else break;
  }
  return node.type === 'Identifier' && TEST_FUNCTIONS.has(node.name) ? node.name : undefined;
}

/**
 * A title's text: a string, or a template literal's fixed parts (its `${…}` become spaces).
 *
 * @param {import('estree').Node | undefined} node
 */
function titleText(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral') return node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ');
  return undefined;
}

/**
 * The source ranges of the comments' texts, inside their markers. A run of line comments on
 * consecutive lines is one range, so that a citation broken over two of them is found.
 *
 * @param {import('eslint').SourceCode} sourceCode
 * @returns {[number, number][]}
 */
function commentSpans(sourceCode) {
  const spans = [];
  let previous;
  for (const comment of sourceCode.getAllComments()) {
    const between = previous ? sourceCode.text.slice(previous.range[1], comment.range[0]) : '';
    const continues = previous?.type === 'Line' && comment.type === 'Line' && /^\n[ \t]*$/.test(between);
    if (continues) spans[spans.length - 1][1] = comment.range[1];
    else
      spans.push([comment.range[0] + 2, comment.type === 'Line' ? comment.range[1] : comment.range[1] - 2]);
    previous = comment;
  }
  return spans;
}

/** @type {import('eslint').Rule.RuleModule} */
const noOutsideCitations = {
  meta: {
    type: 'suggestion',
    docs: {
      description:
        'Comments and test titles state the rule itself, never a section of the specification, ' +
        'the contract or design file, an issue number or a file outside the repository.',
    },
    schema: [],
    messages: {
      citation: '"{{text}}" cites {{what}}: state the rule itself.',
    },
  },
  create(context) {
    const { sourceCode } = context;
    return {
      Program() {
        for (const [start, end] of commentSpans(sourceCode)) {
          const text = blankCommentMarkers(sourceCode.text.slice(start, end));
          for (const citation of findOutsideCitations(text)) {
            context.report({
              loc: {
                start: sourceCode.getLocFromIndex(start + citation.index),
                end: sourceCode.getLocFromIndex(start + citation.index + citation.text.length),
              },
              messageId: 'citation',
              data: { text: citation.text.replace(/\s+/g, ' '), what: citation.what },
            });
          }
        }
      },
      CallExpression(node) {
        if (!testFunctionOf(node.callee)) return;
        const title = titleText(node.arguments[0]);
        if (title === undefined) return;
        for (const citation of findOutsideCitations(title)) {
          context.report({
            node: node.arguments[0],
            messageId: 'citation',
            data: { text: citation.text, what: citation.what },
          });
        }
      },
    };
  },
};

export default {
  meta: { name: 'funil' },
  rules: { 'no-outside-citations': noOutsideCitations },
};
