/** Comment limits shared by the API's schemas and the comment form; free of zod on purpose. */
export const COMMENT_MAX = 500;
export const NICKNAME_MAX = 20;
