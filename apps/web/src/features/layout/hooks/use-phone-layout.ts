// The phone-width hook lives in lib/ so that every feature's screens can follow the phone rules.
export { PHONE_MAX_WIDTH, isPhoneWidth, usePhoneLayout } from '../../../lib/phone-layout';
