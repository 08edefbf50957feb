import { useRef } from 'react';
import type Konva from 'konva';
import { Image as KonvaImage, Layer, Stage, Transformer } from 'react-konva';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { boundTransform, ROTATION_SNAPS, transformerHandles } from '../../model/floor-plan-canvas';
import { shapeCentre } from '../../model/floor-plan-shapes';
import { DraftPreview } from './draft-preview';
import { FloorPlanLabels } from './floor-plan-labels';
import { SHAPE_COLOURS, ShapeNode } from './shape-node';
import { useFloorPlanCanvas, type FloorPlanCanvasProps } from './use-floor-plan-canvas';

/**
 * The plan image scaled to fit its column, with the shapes drawn over it. Everything inside the
 * layer is in image pixels (the layer carries the scale), so shapes stay put on any window size.
 * Konva needs a real canvas: this component is exercised in Chromium, not jsdom.
 */
export function FloorPlanCanvas(props: FloorPlanCanvasProps) {
  const { shapes, editing, tool, selectedId } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<Konva.Layer>(null);
  const transformerRef = useRef<Konva.Transformer>(null);
  const canvas = useFloorPlanCanvas(props, { containerRef, layerRef, transformerRef });
  const { stage, image, imageSize, scale } = canvas;
  const handles = transformerHandles(canvas.selectedShape?.type);

  return (
    <Box
      ref={containerRef}
      tabIndex={editing ? 0 : undefined}
      onKeyDown={canvas.onKeyDown}
      data-testid="floor-plan-canvas"
      data-scale={scale}
      sx={{ position: 'relative', width: '100%', outline: 'none' }}
    >
      {!stage || !image || !imageSize ? (
        <Skeleton variant="rounded" sx={{ width: '100%', height: 420 }} />
      ) : (
        <Box
          role="img"
          aria-label={props.imageAlt}
          sx={{
            position: 'relative',
            width: stage.width,
            height: stage.height,
            mx: 'auto',
            borderRadius: 1.5,
            overflow: 'hidden',
            border: 1,
            borderColor: 'divider',
            cursor: canvas.drawingTool ? 'crosshair' : undefined,
            touchAction: editing ? 'none' : undefined,
          }}
        >
          <Stage
            width={stage.width}
            height={stage.height}
            onPointerDown={canvas.onStagePointerDown}
            onPointerMove={canvas.onStagePointerMove}
            onPointerUp={canvas.finishDrawing}
            onPointerLeave={canvas.finishDrawing}
          >
            <Layer ref={layerRef} scaleX={scale} scaleY={scale}>
              <KonvaImage image={image} width={imageSize.width} height={imageSize.height} />
              {shapes.map((shape) => (
                <ShapeNode
                  key={shape.id}
                  id={shape.id}
                  name="floor-plan-shape"
                  kind={shape.type}
                  centre={shapeCentre(shape)}
                  width={shape.width}
                  height={shape.height}
                  rotation={shape.rotation}
                  selected={editing && shape.id === selectedId}
                  hovered={!editing && shape.id === canvas.hoveredId && Boolean(props.onOpen)}
                  // While drawing, presses go to the stage, also over an existing shape.
                  listening={!canvas.drawingTool}
                  draggable={editing && tool === 'select'}
                  dragBoundFunc={canvas.keepInside}
                  {...canvas.shapeHandlers(shape)}
                />
              ))}
              {canvas.preview && <DraftPreview shape={canvas.preview} />}
              {editing && (
                <Transformer
                  ref={transformerRef}
                  rotateEnabled={handles.rotate}
                  flipEnabled={false}
                  keepRatio={handles.keepRatio}
                  enabledAnchors={handles.anchors}
                  rotationSnaps={ROTATION_SNAPS}
                  ignoreStroke
                  anchorSize={9}
                  anchorCornerRadius={2}
                  anchorStroke={SHAPE_COLOURS.selected}
                  borderStroke={SHAPE_COLOURS.selected}
                  borderDash={[4, 3]}
                  boundBoxFunc={boundTransform}
                />
              )}
            </Layer>
          </Stage>
          <FloorPlanLabels
            shapes={shapes}
            movingId={canvas.movingId}
            scale={scale}
            stage={stage}
            editing={editing}
            renderLabel={props.renderLabel}
          />
        </Box>
      )}
    </Box>
  );
}
