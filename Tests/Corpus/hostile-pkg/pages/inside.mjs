export const where = 'inside';
