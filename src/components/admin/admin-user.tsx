'use client';

import { createContext, useContext } from 'react';

/** The signed-in staff member's name and roles, for views that greet them. */
export const AdminUserContext = createContext<{ name: string; roles: readonly string[] }>({ name: '', roles: [] });
export const useAdminUser = () => useContext(AdminUserContext);
