import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A titled card of a page's form; `action` sits beside the title (an option switch). */
export function FormSection({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        {/* On a narrow screen the action wraps below the title rather than squeezing it. */}
        <Stack
          direction="row"
          useFlexGap
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: children ? 2 : 0 }}
        >
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
