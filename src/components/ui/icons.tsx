import type { ReactNode, SVGProps } from 'react';

/**
 * The storefront's icons, drawn as static SVG on a 24 × 24 grid with a 2-unit round stroke in the
 * text colour. Plain components without state or context: a server component renders them into the
 * page's HTML and nothing of them reaches the browser's scripts (ADR 0045). An icon without a label is
 * hidden from assistive technology; one with `aria-label` is announced.
 */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'ref'> {
  /** Width and height in CSS pixels (24 unless given). */
  size?: number;
}

export type DrawnIcon = (props: IconProps) => ReactNode;

function drawn(name: string, drawing: ReactNode): DrawnIcon {
  function Icon({ size = 24, strokeWidth = 2, ...rest }: IconProps) {
    const labelled = rest['aria-label'] !== undefined || rest['aria-labelledby'] !== undefined;
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden={labelled ? undefined : true}
        {...rest}
      >
        {drawing}
      </svg>
    );
  }
  Icon.displayName = `${name}Icon`;
  return Icon;
}

/** A sheet with a folded corner, as the document icons share it. */
const sheet = (
  <>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5" />
  </>
);

export const ChevronDown = drawn('ChevronDown', <path d="M6 9l6 6 6-6" />);
export const ChevronLeft = drawn('ChevronLeft', <path d="M15 6l-6 6 6 6" />);
export const ChevronRight = drawn('ChevronRight', <path d="M9 6l6 6-6 6" />);
export const Close = drawn('Close', <path d="M6 6l12 12M18 6 6 18" />);
export const Check = drawn('Check', <path d="M5 12.5l4.5 4.5L19 7.5" />);
export const Menu = drawn('Menu', <path d="M4 6h16M4 12h16M4 18h16" />);
export const Search = drawn('Search', <><circle cx="10.5" cy="10.5" r="6.5" /><path d="M15.5 15.5 20 20" /></>);
export const Play = drawn('Play', <path d="M7 4.5v15l12-7.5z" />);
export const Pause = drawn('Pause', <><rect x="6" y="4.5" width="4" height="15" rx="1" /><rect x="14" y="4.5" width="4" height="15" rx="1" /></>);
export const Info = drawn('Info', <><circle cx="12" cy="12" r="9" /><path d="M12 11v5M12 8h.01" /></>);
export const LayoutGrid = drawn('LayoutGrid', (
  <>
    <rect x="3.5" y="3.5" width="7" height="7" rx="1" />
    <rect x="13.5" y="3.5" width="7" height="7" rx="1" />
    <rect x="3.5" y="13.5" width="7" height="7" rx="1" />
    <rect x="13.5" y="13.5" width="7" height="7" rx="1" />
  </>
));
export const List = drawn('List', <path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />);
export const Globe = drawn('Globe', (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c-2.5 2.7-3.8 5.7-3.8 9s1.3 6.3 3.8 9c2.5-2.7 3.8-5.7 3.8-9S14.5 5.7 12 3z" />
  </>
));
export const Phone = drawn('Phone', <path d="M5.5 3.5h3l1.8 4.3-2.2 1.5a11.5 11.5 0 0 0 6.6 6.6l1.5-2.2 4.3 1.8v3a2 2 0 0 1-2 2A17 17 0 0 1 3.5 5.5a2 2 0 0 1 2-2z" />);
export const MessageCircle = drawn('MessageCircle', <path d="M20.5 11.5a8.5 8.5 0 0 1-12.4 7.6L3.5 20.5l1.4-4.6a8.5 8.5 0 1 1 15.6-4.4z" />);
export const Users = drawn('Users', (
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20v-1a5 5 0 0 1 5-5h3a5 5 0 0 1 5 5v1M15.5 4.3a3.5 3.5 0 0 1 0 7.4M18.5 14.3a5 5 0 0 1 3 4.7v1" />
  </>
));
export const Headset = drawn('Headset', (
  <>
    <path d="M4 15v-3a8 8 0 0 1 16 0v3" />
    <path d="M4 14.5h2.5A1.5 1.5 0 0 1 8 16v2.5A1.5 1.5 0 0 1 6.5 20H5a1 1 0 0 1-1-1zM20 14.5h-2.5A1.5 1.5 0 0 0 16 16v2.5a1.5 1.5 0 0 0 1.5 1.5H19a1 1 0 0 0 1-1z" />
    <path d="M20 19v.5a2.5 2.5 0 0 1-2.5 2.5H13" />
  </>
));
export const Mail = drawn('Mail', <><rect x="3" y="5" width="18" height="14" rx="2" /><path d="M3.5 7 12 13l8.5-6" /></>);
export const FileText = drawn('FileText', <>{sheet}<path d="M9 9h1M9 13h6M9 17h6" /></>);
export const FileDown = drawn('FileDown', <>{sheet}<path d="M12 11v6M9.5 14.5 12 17l2.5-2.5" /></>);
export const Copy = drawn('Copy', (
  <>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15h-.5A1.5 1.5 0 0 1 3 13.5v-9A1.5 1.5 0 0 1 4.5 3h9A1.5 1.5 0 0 1 15 4.5V5" />
  </>
));
export const ShoppingCart = drawn('ShoppingCart', (
  <>
    <path d="M2.5 3H5l2.4 11.3a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.4-1.1L21 7H6" />
    <circle cx="9" cy="20" r="1.2" />
    <circle cx="18" cy="20" r="1.2" />
  </>
));
export const FlaskConical = drawn('FlaskConical', (
  <path d="M9.5 3v6.2l-5.2 9.3A1.7 1.7 0 0 0 5.8 21h12.4a1.7 1.7 0 0 0 1.5-2.5l-5.2-9.3V3M8 3h8M7 15h10" />
));
export const Truck = drawn('Truck', (
  <>
    <path d="M14 17V5H3a1 1 0 0 0-1 1v11h2M14 9h4l3.5 4.5V17h-1.5M9 17h6" />
    <circle cx="6.5" cy="17.5" r="2" />
    <circle cx="17.5" cy="17.5" r="2" />
  </>
));
export const ShieldCheck = drawn('ShieldCheck', <path d="M12 3l7.5 3v5.5c0 4.5-3.2 8.2-7.5 9.5-4.3-1.3-7.5-5-7.5-9.5V6zM9 12l2 2 4-4" />);
export const Award = drawn('Award', <><circle cx="12" cy="9" r="6" /><path d="M8.5 13.8 7 22l5-3 5 3-1.5-8.2" /></>);
export const BadgeCheck = drawn('BadgeCheck', (
  <path d="M12 2.4 15 4.7l3.8.5.5 3.8 2.3 3-2.3 3-.5 3.8-3.8.5-3 2.3-3-2.3-3.8-.5-.5-3.8-2.3-3 2.3-3 .5-3.8 3.8-.5zM8.5 12l2.5 2.5 4.5-5" />
));
export const User = drawn('User', <><circle cx="12" cy="8" r="4" /><path d="M4.5 21v-1a6 6 0 0 1 6-6h3a6 6 0 0 1 6 6v1" /></>);
export const LogOut = drawn('LogOut', <path d="M9.5 20.5H5.5a2 2 0 0 1-2-2v-13a2 2 0 0 1 2-2h4M16 16.5l4.5-4.5L16 7.5M20.5 12H9" />);
export const ClipboardList = drawn('ClipboardList', (
  <>
    <rect x="8.5" y="2.5" width="7" height="4" rx="1" />
    <path d="M15.5 4.5h1.5a2 2 0 0 1 2 2V20a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6.5a2 2 0 0 1 2-2h1.5M12 11h4M12 16h4M8 11h.01M8 16h.01" />
  </>
));

/** A list with a plus: "add to a requisition list" (ADR 0085). */
export const ListPlus = drawn('ListPlus', <path d="M11 12H3M16 6H3M16 18H3M18 9v6M21 12h-6" />);
