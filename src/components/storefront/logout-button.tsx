'use client';

import { apiPost } from '@/lib/api-client';
import { useRouter } from '@/i18n/navigation';

/** Signs out on the server, then goes home (spec §4 "Auth token"). */
export function LogoutButton({ label }: { label: string }) {
  const router = useRouter();
  async function logout() {
    try {
      await apiPost('/api/web/auth/logout');
    } finally {
      router.push('/');
      router.refresh();
    }
  }
  return (
    <button type="button" onClick={logout} className="hover:text-white">
      {label}
    </button>
  );
}
