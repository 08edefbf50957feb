import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { Location } from '@tagtrack/contract';
import type { LocationAction, LocationMenuContext } from '../model/location-menu';
import { LocationNode } from './location-node';

export interface LocationTreeProps {
  roots: readonly Location[];
  expanded: ReadonlySet<string>;
  onToggle: (uuid: string) => void;
  menu: LocationMenuContext;
  onAction: (action: LocationAction, node: Location) => void;
}

/** The location tree of the /location page. */
export function LocationTree({ roots, expanded, onToggle, menu, onAction }: LocationTreeProps) {
  const { t } = useTranslation('locations');
  return (
    <Box component="ul" role="tree" aria-label={t('treeLabel')} data-testid="location-tree" sx={{ m: 0, p: 0 }}>
      {roots.map((root) => (
        <LocationNode
          key={root.uuid}
          node={root}
          depth={0}
          expanded={expanded}
          onToggle={onToggle}
          menu={menu}
          onAction={onAction}
        />
      ))}
    </Box>
  );
}
