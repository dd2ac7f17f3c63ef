'use client';

import type { MouseEvent, ReactNode } from 'react';
import { Link } from '@/i18n/client-navigation';
import { useNavPanel } from './use-nav-panel';

interface Props {
  /** For test ids: `nav-menu-<kind>`, `nav-menu-toggle-<kind>`, `nav-panel-<kind>`. */
  kind: string;
  label: string;
  href: string;
  toggleLabel: string;
  /** The toggle's chevron, rendered on the server. */
  icon: ReactNode;
  /** The panel's links, rendered on the server. */
  children: ReactNode;
}

/**
 * A nav-bar entry with a dropdown panel whose contents the server renders. Opens on hover and with
 * its toggle button (keyboard, touch); the panel is fixed below the bar so the bar's horizontal
 * scrolling never clips it. Escape closes it and hands focus back to the toggle; so does following
 * one of its links (without the focus).
 */
export function NavDropdown({ kind, label, href, toggleLabel, icon, children }: Props) {
  const { open, setOpen, top, root, toggle, panelId, hideSoon, hoverOpen, toggleClick } = useNavPanel({ escapeCloses: true });
  const closeOnLink = (e: MouseEvent<HTMLDivElement>) => {
    if ((e.target as Element).closest('a')) setOpen(false);
  };
  return (
    <div ref={root} className="flex items-stretch" onMouseEnter={hoverOpen} onMouseLeave={hideSoon} data-testid={`nav-menu-${kind}`}>
      <Link href={href} className="block py-3 pl-3 pr-1 font-medium hover:bg-brand-700 lg:pl-4">{label}</Link>
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={toggleLabel}
        onClick={toggleClick}
        className="flex items-center pr-2 hover:bg-brand-700 lg:pr-3"
        data-testid={`nav-menu-toggle-${kind}`}
      >
        <span aria-hidden className={`flex transition-transform ${open ? 'rotate-180' : ''}`}>{icon}</span>
      </button>
      <div
        id={panelId}
        hidden={!open}
        style={{ top, maxHeight: `calc(100dvh - ${top}px)` }}
        onClick={closeOnLink}
        className="scroll-shadows fixed inset-x-0 z-50 overflow-y-auto overscroll-contain whitespace-normal border-b border-line bg-white text-left shadow-xl"
        data-testid={`nav-panel-${kind}`}
      >
        <div className="container-page py-5">{children}</div>
      </div>
    </div>
  );
}
