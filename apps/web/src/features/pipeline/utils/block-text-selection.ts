const preventDefault = (event: Event) => event.preventDefault();

/**
 * Keeps a drag from selecting text, without a stylesheet: dnd-kit's PreventSelection and Cursor
 * plugins inject `* { … !important }` rules on pickup and remove them on drop, and each of those
 * restyles and lays out the whole page (two ~50 ms long tasks on a full board). Clearing the
 * selection and refusing new ones until the drop costs nothing. Returns the undo.
 */
export function blockTextSelection(): () => void {
  document.getSelection()?.removeAllRanges();
  document.addEventListener('selectstart', preventDefault, { capture: true });
  return () => document.removeEventListener('selectstart', preventDefault, { capture: true });
}
