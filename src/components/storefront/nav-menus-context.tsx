'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { NavMenusDto } from '@/contracts/content';

const EMPTY: NavMenusDto = { resources: [], support: [], applications: [] };
const NavMenusContext = createContext<NavMenusDto>(EMPTY);

/** Hands the resource, support and application menus (loaded by the layout) to the nav bar's dropdowns. */
export function NavMenusProvider({ menus, children }: { menus: NavMenusDto; children: ReactNode }) {
  return <NavMenusContext.Provider value={menus}>{children}</NavMenusContext.Provider>;
}

export function useNavMenus(): NavMenusDto {
  return useContext(NavMenusContext);
}
