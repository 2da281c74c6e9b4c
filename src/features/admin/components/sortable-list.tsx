import { Box, IconButton, Stack, Text } from '@chakra-ui/react';
import {
  DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors,
  type Announcements, type DragEndEvent, type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { useId, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface SortableListProps<T extends { id: number }> {
  items: T[];
  /** The item's name, used in the handle's label and in screen-reader announcements. */
  getLabel: (item: T) => string;
  /** Called with every item in the new order after a drop that moved something. */
  onReorder: (items: T[]) => void;
  /** Renders one row; `handle` is the drag handle to place in it. */
  renderItem: (item: T, handle: ReactNode) => ReactNode;
  /** Accessible name of the list. */
  label: string;
  disabled?: boolean;
}

/**
 * A vertically sortable list with @dnd-kit ("drag reorder"): drag a row's handle with a
 * pointer (after 5 px, so clicks stay clicks), or focus the handle and press Space/Enter, move with
 * the arrow keys, drop with Space/Enter or cancel with Escape. Every step is announced in the page's
 * language through dnd-kit's live region.
 */
export function SortableList<T extends { id: number }>({ items, getLabel, onReorder, renderItem, label, disabled }: SortableListProps<T>) {
  const { t } = useTranslation('admin');
  const hintId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => items.map((i) => i.id), [items]);
  const total = items.length;
  const nameOf = (id: UniqueIdentifier) => {
    const item = items.find((i) => i.id === id);
    return item ? getLabel(item) : '';
  };
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(id as number) + 1;

  // The row the dragged item was last announced over: dnd-kit reports "over itself" right after the
  // pick-up, which would replace the pick-up announcement with a no-op move.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return t('reorder.pickedUp', { name: nameOf(active.id), position: positionOf(active.id), total });
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over ? t('reorder.movedTo', { name: nameOf(active.id), position: positionOf(over.id), total }) : t('reorder.notOverList', { name: nameOf(active.id) });
    },
    onDragEnd: ({ active, over }) =>
      over ? t('reorder.dropped', { name: nameOf(active.id), position: positionOf(over.id), total }) : t('reorder.cancelled', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('reorder.cancelled', { name: nameOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(active.id as number);
    const to = ids.indexOf(over.id as number);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(items, from, to));
  };

  return (
    <Stack gap="2">
      {total > 1 && !disabled && (
        <Text id={hintId} fontSize="sm" color="fg.muted">{t('reorder.hint')}</Text>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('reorder.instructions') } }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
          <Stack as="ol" aria-label={label} aria-describedby={total > 1 && !disabled ? hintId : undefined} gap="2" listStyleType="none" ps="0" m="0">
            {items.map((item) => (
              <SortableRow key={item.id} id={item.id} handleLabel={t('reorder.handle', { name: getLabel(item) })} disabled={disabled}>
                {(handle) => renderItem(item, handle)}
              </SortableRow>
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
    </Stack>
  );
}

function SortableRow({ id, handleLabel, disabled, children }: { id: number; handleLabel: string; disabled?: boolean; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const handle = (
    <IconButton
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={handleLabel}
      title={handleLabel}
      variant="ghost"
      size="sm"
      cursor={disabled ? 'default' : isDragging ? 'grabbing' : 'grab'}
      disabled={disabled}
      css={{ touchAction: 'none' }}
      flexShrink={0}
    >
      <GripVertical />
    </IconButton>
  );
  return (
    <Box
      as="li"
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      position="relative"
      zIndex={isDragging ? 'docked' : undefined}
      opacity={isDragging ? 0.85 : 1}
      boxShadow={isDragging ? 'lg' : undefined}
      borderRadius="lg"
    >
      {children(handle)}
    </Box>
  );
}
