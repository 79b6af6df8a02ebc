export {
  UsageService,
  usageWindow,
  calendarWindow,
  quotaExhausted,
  type EffectiveQuota,
  type UsageDefaults,
  type UsageWindow,
} from './usage-service';
