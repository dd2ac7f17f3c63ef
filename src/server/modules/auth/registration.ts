import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { ChangePasswordInput, RegisterInput, ResetPasswordInput } from '@/contracts/auth';
import { hashPassword, verifyPassword } from '@/server/auth/passwords';
import { permissionsOfScope } from '@/server/auth/permissions';
import { revokeOtherSessions } from '@/server/auth/sessions';
import type { Db } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/errors';
import { companies, rolePermissions, roles, userRoles, users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { consumeCode } from '@/server/modules/verification/codes';
import { checkNewPassword } from './password-rules';
import { startSessionFor, type ClientInfo, type StartedSession } from './service';
import { assertPhoneCodesAvailable } from '@/server/modules/verification/phone-codes';

/** The name shown for a new account until the profile is filled in: the mailbox name, or the number. */
function initialName(loginName: string): string {
  return loginName.includes('@') ? loginName.slice(0, loginName.indexOf('@')).slice(0, 40) : loginName;
}

/**
 * Creates a customer account with its own company (the user administers it, so it gets every
 * company permission), or activates an employee account that the company's administrator added.
 * A wrong code, a taken login name and a missing invitation answer alike ("code invalid"): the
 * code is only delivered when the registration can succeed.
 */
export async function register(db: Db, input: RegisterInput, client: ClientInfo = {}): Promise<StartedSession> {
  assertPhoneCodesAvailable(input.loginName);
  checkNewPassword(input);
  const purpose = input.accountType === 'employee' ? 'register-employee' : 'register-user';
  const used = await consumeCode(db, { target: input.loginName, purpose, code: input.verifyCode });
  if (!used) throw new AppError(400, 'codeInvalid');
  const passwordHash = await hashPassword(input.password);
  if (input.accountType === 'employee') {
    if (!used.userId) throw new AppError(400, 'codeInvalid');
    const activated = await db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, used.userId), eq(users.accountType, 'employee'), eq(users.passwordHash, ''), eq(users.active, true)))
      .returning({ id: users.id });
    if (activated.length === 0) throw new AppError(400, 'codeInvalid');
    return startSessionFor(db, used.userId, client);
  }
  let userId: number;
  try {
    userId = await db.transaction(async (tx) => {
      const [company] = await tx.insert(companies).values({ name: input.loginName }).returning({ id: companies.id });
      const [role] = await tx.insert(roles).values({ companyId: company!.id, name: '管理员', description: '本单位账号的管理员' }).returning({ id: roles.id });
      await tx.insert(rolePermissions).values(permissionsOfScope('company').map((permission) => ({ roleId: role!.id, permission })));
      const isEmail = input.loginName.includes('@');
      const [user] = await tx
        .insert(users)
        .values({
          companyId: company!.id, loginName: input.loginName, email: isEmail ? input.loginName : null, phone: isEmail ? null : input.loginName,
          passwordHash, name: initialName(input.loginName), accountType: 'user',
        })
        .returning({ id: users.id });
      await tx.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
      await tx.update(companies).set({ adminUserId: user!.id }).where(eq(companies.id, company!.id));
      return user!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(400, 'codeInvalid');
    throw error;
  }
  return startSessionFor(db, userId, client);
}

/** Sets a new password with a code, signs out every session of the account, and signs in afresh. */
export async function resetPassword(db: Db, input: ResetPasswordInput, client: ClientInfo = {}): Promise<StartedSession> {
  assertPhoneCodesAvailable(input.loginName);
  checkNewPassword(input);
  const used = await consumeCode(db, { target: input.loginName, purpose: 'reset', code: input.verifyCode });
  if (!used?.userId) throw new AppError(400, 'codeInvalid');
  const updated = await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password) })
    .where(and(eq(users.id, used.userId), eq(users.active, true)))
    .returning({ id: users.id });
  if (updated.length === 0) throw new AppError(400, 'codeInvalid');
  await revokeOtherSessions(db, { subjectType: 'user', subjectId: used.userId });
  return startSessionFor(db, used.userId, { ...client, previousToken: undefined });
}

/** Changes the password of the signed-in customer and revokes every other session of the account. */
export async function changePassword(
  db: Db,
  params: ChangePasswordInput & { userId: number; loginName: string; keepToken: string },
): Promise<void> {
  checkNewPassword(params);
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, params.userId)).limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, params.oldPassword))) {
    throw new AppError(400, 'oldPasswordWrong', [{ field: 'oldPassword', message: 'oldPasswordWrong' }]);
  }
  await db.update(users).set({ passwordHash: await hashPassword(params.password) }).where(eq(users.id, params.userId));
  await revokeOtherSessions(db, { subjectType: 'user', subjectId: params.userId, keepToken: params.keepToken });
}
