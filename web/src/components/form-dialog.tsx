import { useState } from 'react';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import { UnsavedChangesQuestion } from './use-unsaved-changes-guard';

export interface FormDialogProps extends Omit<DialogProps, 'onClose' | 'open'> {
  open?: boolean;
  /** The form holds changes not saved (typed text, a chosen file or location). */
  dirty: boolean;
  /** A save is running: nothing closes the dialog. */
  busy?: boolean;
  /** Closes the dialog (its Cancel button calls it too, without asking: Cancel is a choice). */
  onClose: () => void;
}

/**
 * The console's dialog for a form. A click beside it (its backdrop) or Escape closes a clean one at
 * once; with unsaved changes it first asks the question the navigation guard asks, so a stray
 * click never throws typed input away.
 */
export function FormDialog({ open = true, dirty, busy = false, onClose, children, ...props }: FormDialogProps) {
  const [asking, setAsking] = useState(false);
  const closeBeside = () => {
    if (busy) return;
    if (dirty) setAsking(true);
    else onClose();
  };
  return (
    <>
      <Dialog open={open} onClose={closeBeside} {...props}>
        {children}
      </Dialog>
      <UnsavedChangesQuestion
        open={open && asking}
        onLeave={() => {
          setAsking(false);
          onClose();
        }}
        onStay={() => setAsking(false)}
      />
    </>
  );
}
