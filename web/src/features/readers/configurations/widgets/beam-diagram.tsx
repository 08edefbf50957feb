import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { alpha, useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import { antennasOfMask } from '@tagtrack/contract';
import { BEAM_RINGS, BEAMS_PER_RING } from './antenna-labels';

interface Lobe {
  antenna: number;
  /** Direction from the reader, degrees clockwise from the top. */
  angle: number;
  /** How far the lobe reaches, as a share of the radius. */
  reach: number;
  width: number;
}

/** Where each antenna looks: fixed antennas evenly around the reader; beams by ring and slice; externals in the corners. */
function lobesOf(count: number, bfa: boolean): Lobe[] {
  if (!bfa)
    return Array.from({ length: count }, (_, i) => ({
      antenna: i + 1,
      angle: (360 / count) * i,
      reach: 0.92,
      width: 0.3,
    }));
  const beams = BEAM_RINGS.flatMap(({ first }, ring) =>
    Array.from({ length: BEAMS_PER_RING }, (_, i) => ({
      antenna: first + i,
      angle: (360 / BEAMS_PER_RING) * i,
      reach: 0.42 + ring * 0.24,
      width: 0.16,
    })),
  );
  const externals = [29, 30, 31, 32].map((antenna, i) => ({ antenna, angle: 315 + i * 90, reach: 0.98, width: 0.14 }));
  return [...beams, ...externals];
}

/**
 * The beam diagram (02 §2 widgets): a canvas of 200 px (fixed antennas) or 300 px (beam-forming
 * types) drawing the reader from above with the selected antennas' lobes filled.
 */
export function BeamDiagram({ count, bfa, mask }: { count: number; bfa: boolean; mask: number }) {
  const { t } = useTranslation('readerConfigurations');
  const theme = useTheme();
  const ref = useRef<HTMLCanvasElement>(null);
  const size = bfa ? 300 : 200;
  const selected = antennasOfMask(mask);

  useEffect(() => {
    const canvas = ref.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = size * ratio;
    canvas.height = size * ratio;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, size, size);
    const centre = size / 2;
    const radius = size / 2 - 6;
    const on = new Set(antennasOfMask(mask));

    context.strokeStyle = theme.palette.divider;
    context.setLineDash([3, 4]);
    for (const share of [0.5, 1]) {
      context.beginPath();
      context.arc(centre, centre, radius * share, 0, Math.PI * 2);
      context.stroke();
    }
    context.setLineDash([]);

    for (const lobe of lobesOf(count, bfa)) {
      const active = on.has(lobe.antenna);
      const a = ((lobe.angle - 90) * Math.PI) / 180;
      const length = radius * lobe.reach;
      context.save();
      context.translate(centre, centre);
      context.rotate(a);
      context.beginPath();
      context.ellipse(length / 2, 0, length / 2, radius * lobe.width, 0, 0, Math.PI * 2);
      context.fillStyle = active ? alpha(theme.palette.primary.main, 0.45) : alpha(theme.palette.grey[400], 0.12);
      context.strokeStyle = active ? theme.palette.primary.main : alpha(theme.palette.grey[500], 0.4);
      context.lineWidth = active ? 1.5 : 1;
      context.fill();
      context.stroke();
      context.restore();
      if (!bfa || active) {
        context.fillStyle = active ? theme.palette.primary.dark : theme.palette.text.disabled;
        context.font = `600 ${bfa ? 10 : 12}px ${theme.typography.fontFamily ?? 'sans-serif'}`;
        context.textAlign = 'center';
        context.textBaseline = 'middle';
        context.fillText(
          String(lobe.antenna),
          centre + Math.cos(a) * length * 0.72,
          centre + Math.sin(a) * length * 0.72,
        );
      }
    }

    context.fillStyle = theme.palette.grey[800];
    context.beginPath();
    context.roundRect(centre - 11, centre - 11, 22, 22, 4);
    context.fill();
  }, [bfa, count, mask, size, theme]);

  return (
    <Box
      component="canvas"
      ref={ref}
      width={size}
      height={size}
      role="img"
      aria-label={selected.length > 0 ? t('diagramSelected', { antennas: selected.join(', ') }) : t('diagramNone')}
      data-testid="beam-diagram"
      data-size={size}
      sx={{ width: size, height: size, maxWidth: '100%', display: 'block' }}
    />
  );
}
