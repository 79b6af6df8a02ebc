export {
  UsageService,
  usageWindow,
  calendarWindow,
  type EffectiveQuota,
  type UsageDefaults,
  type UsageWindow,
} from './usage-service';
