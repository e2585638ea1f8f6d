/** The screen's address under /admin, and the resource its permission is asked about (the table). */
export const FRONT_PAGE_PATH = '/front-page';
export const FRONT_PAGE_RESOURCE = 'front_page';
