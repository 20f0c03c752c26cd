/** Makes LIKE's wildcards (and its escape character) in user text match literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');
