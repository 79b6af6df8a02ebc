/** The files module of uploaded app icons: their ids may be served to anyone who has one (see routes/api/app/icon.ts). */
export const APP_ICON_MODULE = 'app-icon';
