import type { ReactElement } from 'react';
import Tooltip, { type TooltipProps } from '@mui/material/Tooltip';

/**
 * An action the server would refuse, shown disabled with the reason on hover and focus. A disabled
 * control takes no pointer events, so the tooltip hangs on a wrapper that does; with no reason the
 * child is shown as it is. The reason is the server's own message in the user's language (the
 * `validation` namespace), so the console never words a refusal differently from the API.
 */
export function DisabledReason({
  reason,
  children,
  placement,
  block = false,
}: {
  /** Why the action is disabled; null or undefined when it is not. */
  reason: string | null | undefined;
  /** The disabled control (a button, switch or menu item). */
  children: ReactElement;
  placement?: TooltipProps['placement'];
  /** Wrap in a block (a menu item fills its row) rather than an inline box. */
  block?: boolean;
}) {
  if (!reason) return children;
  return (
    <Tooltip title={reason} placement={placement}>
      <span
        data-testid="disabled-reason"
        tabIndex={0}
        style={{ display: block ? 'block' : 'inline-flex', cursor: 'not-allowed' }}
      >
        {children}
      </span>
    </Tooltip>
  );
}
