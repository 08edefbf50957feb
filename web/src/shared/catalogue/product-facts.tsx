import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { InfoList } from '../../components/info-list';
import { DESCRIPTION_PREVIEW_CHARS, truncateDescription } from './product-display';

/** An empty value in a facts list: a muted dash. */
export function EmptyValue() {
  return (
    <Box component="span" sx={{ color: 'text.disabled', fontWeight: 400 }}>
      —
    </Box>
  );
}

/** A description cut at 300 characters with Show More / Show Less (01 §2.13). */
export function ExpandableDescription({
  text,
  moreLabel,
  lessLabel,
  testId,
}: {
  text: string;
  moreLabel: string;
  lessLabel: string;
  /** Prefix of the text's and the toggle's test ids. */
  testId: string;
}) {
  const [expanded, setExpanded] = useState(false);
  if (!text) return <EmptyValue />;
  const long = text.length > DESCRIPTION_PREVIEW_CHARS;
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontWeight: 400 }}>
      <span data-testid={`${testId}-text`}>{expanded ? text : truncateDescription(text)}</span>
      {long && (
        <>
          {' '}
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => setExpanded(!expanded)}
            sx={{ verticalAlign: 'baseline', fontWeight: 600 }}
            data-testid={`${testId}-toggle`}
          >
            {expanded ? lessLabel : moreLabel}
          </Link>
        </>
      )}
    </Box>
  );
}

/** A product's attributes under a heading, or a line saying it has none. */
export function AttributeFacts({
  attributes,
  title,
  emptyText,
  testId,
}: {
  attributes: readonly { id: number | string; name: string; value: string }[];
  title: string;
  emptyText: string;
  /** Prefix: `${testId}-attributes`, `${testId}-attribute-${id}`, `${testId}-no-attributes`. */
  testId: string;
}) {
  return (
    <>
      <Typography variant="overline" color="text.secondary" component="h3">
        {title}
      </Typography>
      {attributes.length > 0 ? (
        <Box data-testid={`${testId}-attributes`}>
          <InfoList
            items={attributes.map((a) => ({
              label: a.name,
              value: a.value || <EmptyValue />,
              testId: `${testId}-attribute-${a.id}`,
            }))}
          />
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1.25 }} data-testid={`${testId}-no-attributes`}>
          {emptyText}
        </Typography>
      )}
    </>
  );
}
