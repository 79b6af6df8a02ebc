// Shared with module screens (which may not import this feature), so it lives in lib/.
export { PHONE_MAX_WIDTH, isPhoneWidth, usePhoneLayout } from '../../../lib/phone-layout';
