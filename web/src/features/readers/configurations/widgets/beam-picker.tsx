import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { antennaMask, antennasOfMask } from '@tagtrack/contract';
import { BEAM_RINGS, BEAMS_PER_RING, BFA_ANTENNAS, EXTERNAL_ANTENNAS } from './antenna-labels';

const SIZE = 300;
const C = SIZE / 2;
/** Inner and outer radius of each ring, innermost first. */
const RADII = [
  [26, 60],
  [60, 94],
  [94, 128],
] as const;
const SLICE = 360 / BEAMS_PER_RING;

const point = (radius: number, degrees: number) => {
  const a = (degrees * Math.PI) / 180;
  return `${(C + radius * Math.cos(a)).toFixed(2)} ${(C + radius * Math.sin(a)).toFixed(2)}`;
};

/** An annulus sector: the beam's footprint, clockwise from the top. */
function sectorPath(inner: number, outer: number, from: number, to: number): string {
  return [
    `M ${point(outer, from)}`,
    `A ${outer} ${outer} 0 0 1 ${point(outer, to)}`,
    `L ${point(inner, to)}`,
    `A ${inner} ${inner} 0 0 0 ${point(inner, from)}`,
    'Z',
  ].join(' ');
}

/** The external antennas sit in the corners. */
const EXTERNAL_AT: Record<number, [number, number]> = { 29: [22, 22], 30: [278, 22], 31: [278, 278], 32: [22, 278] };

/**
 * The circular antenna-beam picker of beam-forming types (02 §2 widgets): three concentric rings
 * of eight beams (5–12 inner, 13–20 middle, 21–28 outer) and the external antennas 29–32. Each
 * beam is a checkbox: click, or focus and press Space or Enter.
 */
export function BeamPicker({
  mask,
  onChange,
  disabled = false,
}: {
  mask: number;
  onChange: (mask: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('readerConfigurations');
  const theme = useTheme();
  const selected = new Set(antennasOfMask(mask));
  const toggle = (antenna: number) => {
    if (disabled) return;
    const next = new Set(selected);
    if (next.has(antenna)) next.delete(antenna);
    else next.add(antenna);
    onChange(antennaMask([...next]));
  };
  const onKey = (antenna: number) => (event: KeyboardEvent) => {
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      toggle(antenna);
    }
  };
  const segmentProps = (antenna: number, label: string) => {
    const on = selected.has(antenna);
    return {
      role: 'checkbox',
      'aria-checked': on,
      'aria-label': label,
      'aria-disabled': disabled || undefined,
      tabIndex: disabled ? -1 : 0,
      'data-testid': `beam-${antenna}`,
      'data-selected': on ? 'true' : 'false',
      onClick: () => toggle(antenna),
      onKeyDown: onKey(antenna),
      fill: on ? theme.palette.primary.main : theme.palette.grey[100],
      stroke: theme.palette.background.paper,
      strokeWidth: 2,
      style: { cursor: disabled ? 'default' : 'pointer', outline: 'none' },
    } as const;
  };
  const textFill = (antenna: number) =>
    selected.has(antenna) ? theme.palette.primary.contrastText : theme.palette.text.secondary;

  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <Box
        component="svg"
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role="group"
        aria-label={t('beamPicker')}
        data-testid="beam-picker"
        sx={{
          width: '100%',
          maxWidth: SIZE,
          userSelect: 'none',
          '& [role=checkbox]:focus-visible': { stroke: theme.palette.secondary.main, strokeWidth: 3 },
          '& [role=checkbox]:hover': disabled ? undefined : { opacity: 0.85 },
        }}
      >
        {BEAM_RINGS.map(({ ring, first }, r) => {
          const [inner, outer] = RADII[r]!;
          return (
            <g key={ring}>
              {Array.from({ length: BEAMS_PER_RING }, (_, i) => {
                const antenna = first + i;
                const centre = -90 + i * SLICE;
                const labelAt = point((inner + outer) / 2, centre)
                  .split(' ')
                  .map(Number);
                return (
                  <g key={antenna}>
                    <path
                      d={sectorPath(inner, outer, centre - SLICE / 2, centre + SLICE / 2)}
                      {...segmentProps(antenna, t('beamNumber', { number: antenna }))}
                    />
                    <text
                      x={labelAt[0]}
                      y={labelAt[1]}
                      textAnchor="middle"
                      dominantBaseline="central"
                      fontSize={12}
                      fontWeight={600}
                      fill={textFill(antenna)}
                      pointerEvents="none"
                      aria-hidden
                    >
                      {antenna}
                    </text>
                  </g>
                );
              })}
            </g>
          );
        })}
        <circle cx={C} cy={C} r={RADII[0][0] - 4} fill={theme.palette.grey[300]} aria-hidden />
        {EXTERNAL_ANTENNAS.map((antenna) => {
          const [x, y] = EXTERNAL_AT[antenna]!;
          return (
            <g key={antenna}>
              <circle cx={x} cy={y} r={17} {...segmentProps(antenna, t('externalAntenna', { number: antenna }))} />
              <text
                x={x}
                y={y}
                textAnchor="middle"
                dominantBaseline="central"
                fontSize={12}
                fontWeight={600}
                fill={textFill(antenna)}
                pointerEvents="none"
                aria-hidden
              >
                {antenna}
              </text>
            </g>
          );
        })}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          onClick={() => onChange(antennaMask(BFA_ANTENNAS))}
          disabled={disabled}
          data-testid="beam-select-all"
        >
          {t('selectAllBeams')}
        </Button>
        <Button
          size="small"
          color="inherit"
          onClick={() => onChange(0)}
          disabled={disabled || mask === 0}
          data-testid="beam-clear"
        >
          {t('clearBeams')}
        </Button>
      </Stack>
    </Stack>
  );
}
