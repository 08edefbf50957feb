import Stack from '@mui/material/Stack';
import { newestFirst, type Release } from '../model/releases';
import { ReleaseCard } from './release-card';

/** The releases, newest first; the newest is marked as the latest. */
export function ReleaseList({ releases }: { releases: readonly Release[] }) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      {newestFirst(releases).map((release, index) => (
        <ReleaseCard key={release.version} release={release} latest={index === 0} />
      ))}
    </Stack>
  );
}
