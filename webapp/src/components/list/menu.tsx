/**
 * A small menu button: the row-actions menu and the column chooser of the lists. The menu is
 * rendered in a portal with fixed coordinates, so that the table's scroll box never clips it, and
 * is kept inside the viewport (it opens upwards near the bottom, and is pushed back from the
 * edges). Keyboard: Enter/Space/ArrowDown open it on the first item, ArrowUp/ArrowDown move,
 * Home/End jump, Esc closes it and returns focus to the button, Tab closes it.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { cn } from '@/components/ui/cn';

/** One entry of a menu: a command (onSelect), a link (to) or a checkbox (checked). */
export interface MenuItem {
  id: string;
  label: ReactNode;
  onSelect?: () => void;
  to?: string;
  /** Present for a checkbox item (the column chooser). */
  checked?: boolean;
  tone?: 'danger' | 'success' | 'primary';
  disabled?: boolean;
  testId?: string;
}

/** Props of Menu. */
export interface MenuProps {
  /** The button's content (an icon or a word). */
  trigger: ReactNode;
  /** The button's accessible name. */
  label: string;
  items: readonly MenuItem[];
  /** Checkbox menus stay open after a click, so several columns can be toggled at once. */
  keepOpen?: boolean;
  triggerClassName?: string;
  testId?: string;
}

export const toneClass = { danger: 'text-danger', success: 'text-success', primary: 'text-primary' } as const;

const MARGIN = 8;

/** The menu button and its menu. */
export function Menu({ trigger, label, items, keepOpen = false, triggerClassName, testId }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const navigate = useNavigate();

  const close = (focusButton: boolean) => {
    setOpen(false);
    setPosition(null);
    if (focusButton) buttonRef.current?.focus();
  };

  // Place the menu under the button, end-aligned, then keep it in the viewport.
  useLayoutEffect(() => {
    if (!open) return;
    const button = buttonRef.current?.getBoundingClientRect();
    const menu = menuRef.current?.getBoundingClientRect();
    if (!button || !menu) return;
    const rtl = document.documentElement.dir === 'rtl';
    let left = rtl ? button.left : button.right - menu.width;
    left = Math.min(Math.max(MARGIN, left), window.innerWidth - menu.width - MARGIN);
    let top = button.bottom + 4;
    if (top + menu.height > window.innerHeight - MARGIN) top = Math.max(MARGIN, button.top - menu.height - 4);
    setPosition({ top, left });
  }, [open]);

  // Focus the first item once the menu is placed (a hidden element cannot take the focus).
  const placed = position !== null;
  useEffect(() => {
    if (open && placed) menuRef.current?.querySelector<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])')?.focus();
  }, [open, placed]);

  // Outside clicks, scrolling and resizing close it (its coordinates would be stale).
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    const onScroll = (event: Event) => {
      if (!menuRef.current?.contains(event.target as Node)) close(false);
    };
    const onResize = () => close(false);
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onResize);
    };
  }, [open]);

  const select = (item: MenuItem) => {
    if (item.disabled) return;
    if (!keepOpen || item.checked === undefined) close(true);
    if (item.to !== undefined) void navigate(item.to);
    else item.onSelect?.();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => {
      event.preventDefault();
      entries[(i + entries.length) % entries.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(entries.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={cn(
          'inline-flex items-center justify-center rounded-md px-2 py-1 text-sm font-medium hover:bg-hover focus-visible:outline-2 focus-visible:outline-primary',
          triggerClassName,
        )}
        data-testid={testId}
      >
        {trigger}
      </button>
      {open &&
        createPortal(
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label={label}
            onKeyDown={onMenuKey}
            style={{ position: 'fixed', top: position?.top ?? 0, left: position?.left ?? 0, visibility: position ? 'visible' : 'hidden' }}
            className="card z-50 max-h-[calc(100dvh-1rem)] min-w-40 overflow-y-auto border border-line py-1 text-sm shadow-lg"
            data-testid={testId ? `${testId}-menu` : undefined}
          >
            {items.map((item) => (
              <button
                key={item.id}
                type="button"
                role={item.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
                aria-checked={item.checked}
                aria-disabled={item.disabled || undefined}
                tabIndex={-1}
                onClick={() => select(item)}
                className={cn(
                  'flex w-full items-center gap-2 px-3 py-1.5 text-start whitespace-nowrap hover:bg-hover focus:bg-hover focus:outline-none',
                  item.disabled && 'cursor-not-allowed opacity-60',
                  item.tone && toneClass[item.tone],
                )}
                data-testid={item.testId}
              >
                {item.checked !== undefined && (
                  <span aria-hidden="true" className="inline-block w-4 text-center">
                    {item.checked ? '✓' : ''}
                  </span>
                )}
                {item.label}
              </button>
            ))}
          </div>,
          document.body,
        )}
    </>
  );
}
