/** Product copy from the spec, reproduced exactly (misspellings included). */
export const SPEC_TEXT = {
  passwordMismatch: 'Your Password Dont Match',
  provideEmail: 'Please Provite Email',
  sendEmail: 'Send Email',
  noQuantity: 'Sorry No Quentity. Please Add quentity',
  positiveValue: 'please enter a positive value',
  deleteConfirm: 'are you sure delete?',
  deleteSuccess: 'Delete SuccessFul',
  acceptTerms: 'Accept Walton Terms and Conditions',
  forgotPassword: 'forgate Password',
  continueWithGoogle: 'Continue With google',
  openingHours: '8.00AM - 21.00AM',
} as const;

/** Success texts the server sends in `{success}` and the web app shows as toasts. */
export const SUCCESS_TEXT = {
  productAdded: 'Product added',
  productDelivered: 'Product delivered',
  stockUpdated: 'Stock updated',
  productDeleted: 'Product deleted',
  productRestored: 'Product restored',
  stockTransferred: 'Stock moved',
  locationSaved: 'Location saved',
  unitsRegistered: 'Units registered',
  unitDispatched: 'Unit dispatched',
} as const;
