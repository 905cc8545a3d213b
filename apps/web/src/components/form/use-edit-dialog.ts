import { useState } from 'react';

/**
 * The state of a list screen's create/edit dialog: closed, open to create (`item` null), or open
 * to edit `item`. Closing keeps the item until the next opening, so the dialog's closing animation
 * still shows what it showed.
 */
export function useEditDialog<TItem>() {
  const [state, setState] = useState<{ open: boolean; item: TItem | null }>({ open: false, item: null });
  return {
    open: state.open,
    item: state.item,
    openCreate: () => setState({ open: true, item: null }),
    openEdit: (item: TItem) => setState({ open: true, item }),
    onOpenChange: (open: boolean) => setState((previous) => ({ ...previous, open })),
  };
}
