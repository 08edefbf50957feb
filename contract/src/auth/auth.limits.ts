export const PASSWORD_MIN_LENGTH = 10;
export const USERNAME_MAX_LENGTH = 150;
export const NAME_MAX_LENGTH = 150;
