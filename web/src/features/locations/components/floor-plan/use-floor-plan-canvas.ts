import { useEffect, useLayoutEffect, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type Konva from 'konva';
import type { FloorPlanShape } from '@tagtrack/contract';
import {
  canvasBox,
  hoverCursor,
  isPlanBackground,
  keepOnStage,
  scaledTransform,
  shapeKeyAction,
  type FloorPlanTool,
  type ShapeTransform,
} from '../../model/floor-plan-canvas';
import { clampPoint, fitScale, stageSize, toImagePoint, type Point, type Size } from '../../model/floor-plan-geometry';
import { draftShape, newShapeBox, type DraftShape } from '../../model/floor-plan-shapes';
import { naturalSize, useHtmlImage } from './use-html-image';

export interface FloorPlanCanvasProps {
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

/** The elements the canvas renders and the hook measures, focuses and drives. */
export interface FloorPlanCanvasRefs {
  containerRef: RefObject<HTMLDivElement | null>;
  layerRef: RefObject<Konva.Layer | null>;
  transformerRef: RefObject<Konva.Transformer | null>;
}

/**
 * The canvas's state: the room it has, the image and its scale, the shape being drawn, the
 * hovered and the moving shape, and the handlers of the stage, the keyboard and each shape.
 */
export function useFloorPlanCanvas(
  props: FloorPlanCanvasProps,
  { containerRef, layerRef, transformerRef }: FloorPlanCanvasRefs,
) {
  const { shapes, editing, tool, selectedId, draft } = props;
  const [box, setBox] = useState<Size>({ width: 0, height: 0 });
  const [drawing, setDrawing] = useState<{ from: Point; to: Point } | null>(null);
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  const [movingId, setMovingId] = useState<string | null>(null);
  const { image } = useHtmlImage(props.imageUrl);
  const imageSize = image ? naturalSize(image) : null;
  const scale = imageSize ? fitScale(imageSize, box) : 1;
  const stage = imageSize ? stageSize(imageSize, scale) : null;
  const drawingTool = editing && tool !== 'select';

  // The refs are the component's own and never change: the effects run as they would without them.
  useLayoutEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const measure = () => setBox(canvasBox(element.clientWidth, window.innerHeight));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [containerRef]);

  useEffect(() => {
    const transformer = transformerRef.current;
    if (!transformer) return;
    const node =
      editing && selectedId
        ? layerRef.current?.findOne((n: Konva.Node) => n.getClassName() === 'Group' && n.id() === selectedId)
        : undefined;
    transformer.nodes(node ? [node] : []);
    transformer.getLayer()?.batchDraw();
  }, [editing, selectedId, shapes, layerRef, transformerRef]);

  const pointerInImage = (event: Konva.KonvaEventObject<PointerEvent>): Point | null => {
    const position = event.target.getStage()?.getPointerPosition();
    if (!position || !imageSize) return null;
    return clampPoint(toImagePoint(position, scale), imageSize);
  };

  const onStagePointerDown = (event: Konva.KonvaEventObject<PointerEvent>) => {
    if (!editing) return;
    containerRef.current?.focus();
    if (tool === 'select') {
      if (isPlanBackground(event.target.getClassName())) props.onSelect(null);
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
    const action = shapeKeyAction(event.key);
    if (action === 'delete') {
      event.preventDefault();
      props.onDelete(selectedId);
    } else if (action === 'deselect') {
      props.onSelect(null);
    }
  };

  const setCursor = (cursor: string | undefined) => {
    const container = layerRef.current?.getStage()?.container();
    if (container && cursor !== undefined) container.style.cursor = cursor;
  };

  /** What a shape does with presses, hovers, drags and the transformer. */
  const shapeHandlers = (shape: FloorPlanShape) => ({
    onPointerDown: (event: Konva.KonvaEventObject<PointerEvent>) => {
      if (!editing || tool !== 'select') return;
      event.cancelBubble = true;
      containerRef.current?.focus();
      props.onSelect(shape.id);
    },
    onClick: !editing && props.onOpen ? () => props.onOpen?.(shape) : undefined,
    onHover: (hovered: boolean) => {
      setHoveredId(hovered ? shape.id : null);
      setCursor(hoverCursor(hovered, { editing, tool, canOpen: Boolean(props.onOpen) }));
    },
    onDragStart: () => {
      props.onSelect(shape.id);
      setMovingId(shape.id);
    },
    onDragEnd: (event: Konva.KonvaEventObject<DragEvent>) => {
      setMovingId(null);
      props.onMove(shape.id, { x: event.target.x(), y: event.target.y() });
    },
    onTransformStart: () => setMovingId(shape.id),
    onTransformEnd: (event: Konva.KonvaEventObject<Event>) => {
      const node = event.target;
      const change = scaledTransform(shape, {
        x: node.x(),
        y: node.y(),
        scaleX: node.scaleX(),
        scaleY: node.scaleY(),
        rotation: node.rotation(),
      });
      // Size lives in width/height, not in the node's scale.
      node.scale({ x: 1, y: 1 });
      setMovingId(null);
      props.onTransform(shape.id, change);
    },
  });

  const preview =
    drawing && imageSize && tool !== 'select'
      ? draftShape(tool, newShapeBox(tool, drawing.from, drawing.to, imageSize, scale), 'preview')
      : draft;

  return {
    image,
    imageSize,
    scale,
    stage,
    drawingTool,
    hoveredId,
    movingId,
    preview,
    selectedShape: shapes.find((shape) => shape.id === selectedId),
    onStagePointerDown,
    onStagePointerMove,
    finishDrawing,
    onKeyDown,
    keepInside: (position: Konva.Vector2d): Konva.Vector2d => keepOnStage(position, stage),
    shapeHandlers,
  };
}
