import { useEffect, type RefObject } from 'react';

/** Opens the native <dialog> as a modal while `open`, and closes it when not. */
export function useModal(dialogRef: RefObject<HTMLDialogElement | null>, open: boolean) {
  useEffect(() => {
    const element = dialogRef.current;
    if (element === null) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [dialogRef, open]);
}
