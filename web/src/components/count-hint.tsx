import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';

/**
 * The two rules a count of items follows (docs/counts.md), one per label:
 * - `all`: the items recorded at a location, whatever their status (in, out, lost) — the location
 *   tree and the floor plan, whose "items" also decide whether a location may be deleted;
 * - `in`: the items present, status In only — Inventory, Location inventory and the item counts.
 * Removed items never count.
 */
export type CountRule = 'all' | 'in';

const RULE_KEYS = { all: 'countRuleAll', in: 'countRuleIn' } as const satisfies Record<CountRule, string>;

/** The sentence saying what a count of the rule counts, in the user's language. */
export function useCountRuleText(): (rule: CountRule) => string {
  const { t } = useTranslation('common');
  return (rule) => t(RULE_KEYS[rule]);
}

/**
 * A count's label (a column header, a number) that says on hover and focus what it counts. With
 * `icon`, an info icon marks it (headers); without, a dotted underline does (inline numbers).
 */
export function CountHint({ rule, icon = false, children }: { rule: CountRule; icon?: boolean; children: ReactNode }) {
  const text = useCountRuleText()(rule);
  return (
    <Tooltip title={text}>
      <Box
        component="span"
        tabIndex={0}
        data-testid="count-hint"
        data-count-rule={rule}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          cursor: 'help',
          ...(icon ? {} : { textDecoration: 'underline dotted', textUnderlineOffset: 3 }),
        }}
      >
        {children}
        {icon && <InfoOutlinedIcon aria-hidden sx={{ fontSize: 16, color: 'text.secondary' }} />}
      </Box>
    </Tooltip>
  );
}
