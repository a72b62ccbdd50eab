export {
  BOT_USER_AGENT,
  checkLoadParameters,
  loadStripeScript,
  STRIPE_SCRIPT_URL,
  StripeLoadError,
  type LoadParameters,
  type StripeJs,
} from './load-stripe';
export { StripeCardForm, type StripeCardFormProps } from './StripeCardForm';
