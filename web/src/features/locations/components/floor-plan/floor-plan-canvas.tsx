import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type Konva from 'konva';
import { Group, Image as KonvaImage, Layer, Stage, Transformer } from 'react-konva';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { FloorPlanShape } from '@tagtrack/contract';
import { clampPoint, fitScale, stageSize, toImagePoint, type Point, type Size } from '../../model/floor-plan-geometry';
import { draftShape, newShapeBox, shapeCentre, type DraftShape, type ShapeKind } from '../../model/floor-plan-shapes';
import { SHAPE_COLOURS, ShapeBody, ShapeNode } from './shape-node';
import { naturalSize, useHtmlImage } from './use-html-image';

export type FloorPlanTool = 'select' | ShapeKind;

export interface ShapeTransform {
  centre: Point;
  width: number;
  height: number;
  rotation: number;
}

interface FloorPlanCanvasProps {
  imageUrl: string | null;
  imageAlt: string;
  shapes: readonly FloorPlanShape[];
  editing: boolean;
  tool: FloorPlanTool;
  selectedId: string | null;
  /** A shape drawn and waiting for its location: shown dashed. */
  draft: DraftShape | null;
  /** The label under a shape (its location and item count). */
  renderLabel: (shape: FloorPlanShape) => ReactNode;
  onDraw: (draft: DraftShape) => void;
  onSelect: (id: string | null) => void;
  onMove: (id: string, centre: Point) => void;
  onTransform: (id: string, change: ShapeTransform) => void;
  onDelete: (id: string) => void;
  /** View mode: a click on a shape (only when its location can be opened). */
  onOpen?: (shape: FloorPlanShape) => void;
}

const MIN_TRANSFORM_PX = 8;
/** On-screen size a shape needs to carry its label inside. */
const LABEL_INSIDE_MIN = { width: 150, height: 60 };
const ROTATION_SNAPS = [0, 45, 90, 135, 180, 225, 270, 315];
const ALL_ANCHORS = [
  'top-left',
  'top-center',
  'top-right',
  'middle-right',
  'middle-left',
  'bottom-left',
  'bottom-center',
  'bottom-right',
];
const CORNER_ANCHORS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

/** Half the height of a shape's rotated box: its label goes just below it. */
function halfRotatedHeight(shape: FloorPlanShape): number {
  const angle = (shape.rotation * Math.PI) / 180;
  return (Math.abs(shape.width * Math.sin(angle)) + Math.abs(shape.height * Math.cos(angle))) / 2;
}

/**
 * The plan image scaled to fit its column, with the shapes drawn over it. Everything inside the
 * layer is in image pixels (the layer carries the scale), so shapes stay put on any window size.
 * Konva needs a real canvas: this component is exercised in Chromium, not jsdom.
 */
export function FloorPlanCanvas(props: FloorPlanCanvasProps) {
  const { shapes, editing, tool, selectedId, draft } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<Konva.Layer>(null);
  const transformerRef = useRef<Konva.Transformer>(null);
  const [box, setBox] = useState<Size>({ width: 0, height: 0 });
  const [drawing, setDrawing] = useState<{ from: Point; to: Point } | null>(null);
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  const [movingId, setMovingId] = useState<string | null>(null);
  const { image } = useHtmlImage(props.imageUrl);
  const imageSize = image ? naturalSize(image) : null;
  const scale = imageSize ? fitScale(imageSize, box) : 1;
  const stage = imageSize ? stageSize(imageSize, scale) : null;
  const drawingTool = editing && tool !== 'select';

  useLayoutEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    // The plan takes the column's width and at most what is left of the window's height.
    const measure = () =>
      setBox({ width: element.clientWidth, height: Math.max(360, Math.round(window.innerHeight - 240)) });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  useEffect(() => {
    const transformer = transformerRef.current;
    if (!transformer) return;
    const node =
      editing && selectedId
        ? layerRef.current?.findOne((n: Konva.Node) => n.getClassName() === 'Group' && n.id() === selectedId)
        : undefined;
    transformer.nodes(node ? [node] : []);
    transformer.getLayer()?.batchDraw();
  }, [editing, selectedId, shapes]);

  const pointerInImage = (event: Konva.KonvaEventObject<PointerEvent>): Point | null => {
    const position = event.target.getStage()?.getPointerPosition();
    if (!position || !imageSize) return null;
    return clampPoint(toImagePoint(position, scale), imageSize);
  };

  const onStagePointerDown = (event: Konva.KonvaEventObject<PointerEvent>) => {
    if (!editing) return;
    containerRef.current?.focus();
    if (tool === 'select') {
      // A press on the plan itself (not on a shape or the transformer) clears the selection.
      const className = event.target.getClassName();
      if (className === 'Stage' || className === 'Image') props.onSelect(null);
      return;
    }
    const point = pointerInImage(event);
    if (point) setDrawing({ from: point, to: point });
  };

  const onStagePointerMove = (event: Konva.KonvaEventObject<PointerEvent>) => {
    if (!drawing) return;
    const point = pointerInImage(event);
    if (point) setDrawing({ ...drawing, to: point });
  };

  const finishDrawing = () => {
    if (!drawing || !imageSize || tool === 'select') return;
    setDrawing(null);
    props.onDraw(draftShape(tool, newShapeBox(tool, drawing.from, drawing.to, imageSize, scale)));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!editing || !selectedId) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      props.onDelete(selectedId);
    } else if (event.key === 'Escape') {
      props.onSelect(null);
    }
  };

  const keepInside = (pos: Konva.Vector2d): Konva.Vector2d =>
    stage ? { x: Math.min(Math.max(pos.x, 0), stage.width), y: Math.min(Math.max(pos.y, 0), stage.height) } : pos;

  const setCursor = (cursor: string) => {
    const container = layerRef.current?.getStage()?.container();
    if (container) container.style.cursor = cursor;
  };

  const preview =
    drawing && imageSize && tool !== 'select'
      ? draftShape(tool, newShapeBox(tool, drawing.from, drawing.to, imageSize, scale), 'preview')
      : draft;
  const selectedShape = shapes.find((shape) => shape.id === selectedId);
  const roundShape = selectedShape?.type === 'circle' || selectedShape?.type === 'dot';

  return (
    <Box
      ref={containerRef}
      tabIndex={editing ? 0 : undefined}
      onKeyDown={onKeyDown}
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
            cursor: drawingTool ? 'crosshair' : undefined,
            touchAction: editing ? 'none' : undefined,
          }}
        >
          <Stage
            width={stage.width}
            height={stage.height}
            onPointerDown={onStagePointerDown}
            onPointerMove={onStagePointerMove}
            onPointerUp={finishDrawing}
            onPointerLeave={finishDrawing}
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
                  hovered={!editing && shape.id === hoveredId && Boolean(props.onOpen)}
                  // While drawing, presses go to the stage, also over an existing shape.
                  listening={!drawingTool}
                  draggable={editing && tool === 'select'}
                  dragBoundFunc={keepInside}
                  onPointerDown={(event) => {
                    if (!editing || tool !== 'select') return;
                    event.cancelBubble = true;
                    containerRef.current?.focus();
                    props.onSelect(shape.id);
                  }}
                  onClick={!editing && props.onOpen ? () => props.onOpen?.(shape) : undefined}
                  onHover={(hovered) => {
                    setHoveredId(hovered ? shape.id : null);
                    if (editing) setCursor(hovered && tool === 'select' ? 'move' : '');
                    else if (props.onOpen) setCursor(hovered ? 'pointer' : '');
                  }}
                  onDragStart={() => {
                    props.onSelect(shape.id);
                    setMovingId(shape.id);
                  }}
                  onDragEnd={(event) => {
                    setMovingId(null);
                    props.onMove(shape.id, { x: event.target.x(), y: event.target.y() });
                  }}
                  onTransformStart={() => setMovingId(shape.id)}
                  onTransformEnd={(event) => {
                    const node = event.target;
                    const scaleX = node.scaleX();
                    const scaleY = node.scaleY();
                    // Size lives in width/height, not in the node's scale.
                    node.scale({ x: 1, y: 1 });
                    setMovingId(null);
                    props.onTransform(shape.id, {
                      centre: { x: node.x(), y: node.y() },
                      width: shape.width * scaleX,
                      height: shape.height * scaleY,
                      rotation: node.rotation(),
                    });
                  }}
                />
              ))}
              {preview && <DraftPreview shape={preview} />}
              {editing && (
                <Transformer
                  ref={transformerRef}
                  rotateEnabled={selectedShape?.type !== 'dot'}
                  flipEnabled={false}
                  keepRatio={roundShape}
                  enabledAnchors={selectedShape?.type === 'dot' ? [] : roundShape ? CORNER_ANCHORS : ALL_ANCHORS}
                  rotationSnaps={ROTATION_SNAPS}
                  ignoreStroke
                  anchorSize={9}
                  anchorCornerRadius={2}
                  anchorStroke={SHAPE_COLOURS.selected}
                  borderStroke={SHAPE_COLOURS.selected}
                  borderDash={[4, 3]}
                  boundBoxFunc={(previous, next) =>
                    Math.abs(next.width) < MIN_TRANSFORM_PX || Math.abs(next.height) < MIN_TRANSFORM_PX
                      ? previous
                      : next
                  }
                />
              )}
            </Layer>
          </Stage>
          <Box sx={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
            {shapes
              .filter((shape) => shape.id !== movingId)
              .map((shape) => {
                const centre = shapeCentre(shape);
                const halfHeight = halfRotatedHeight(shape) * scale;
                // A shape with room for it carries its label inside; a smaller one (a dot) just below.
                const inside =
                  halfHeight * 2 >= LABEL_INSIDE_MIN.height && shape.width * scale >= LABEL_INSIDE_MIN.width;
                const top = inside ? centre.y * scale : centre.y * scale + halfHeight + 4;
                return (
                  <Box
                    key={shape.id}
                    data-testid="floor-plan-label"
                    data-shape-id={shape.id}
                    sx={{
                      position: 'absolute',
                      left: Math.min(Math.max(centre.x * scale, 40), stage.width - 40),
                      top: inside ? top : Math.min(top, stage.height - 28),
                      transform: inside ? 'translate(-50%, -50%)' : 'translateX(-50%)',
                      pointerEvents: editing ? 'none' : 'auto',
                      whiteSpace: 'nowrap',
                      opacity: editing ? 0.9 : 1,
                    }}
                  >
                    {props.renderLabel(shape)}
                  </Box>
                );
              })}
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** The shape being drawn, or drawn and waiting for its location: dashed and grey. */
function DraftPreview({ shape }: { shape: DraftShape }) {
  const centre = shapeCentre(shape);
  return (
    <Group x={centre.x} y={centre.y} rotation={shape.rotation} listening={false}>
      <ShapeBody
        kind={shape.type}
        width={shape.width}
        height={shape.height}
        stroke={SHAPE_COLOURS.draft}
        fill={SHAPE_COLOURS.draftFill}
        dashed
      />
    </Group>
  );
}
