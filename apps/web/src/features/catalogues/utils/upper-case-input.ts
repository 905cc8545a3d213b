/**
 * Upper-cases an input's text in place, keeping the caret where it was, so that typing in the
 * middle of a word does not jump to the end (a controlled re-render would move it).
 */
export function upperCaseInPlace(input: HTMLInputElement) {
  const upper = input.value.toUpperCase();
  if (upper === input.value) return;
  const { selectionStart, selectionEnd } = input;
  input.value = upper;
  // Upper-casing can lengthen a text ("ß" → "SS"); the caret then stays inside it.
  if (selectionStart !== null && selectionEnd !== null) {
    input.setSelectionRange(Math.min(selectionStart, upper.length), Math.min(selectionEnd, upper.length));
  }
}
