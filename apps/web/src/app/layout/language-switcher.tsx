import { useLocation, useNavigate } from 'react-router';
import { activateLanguage, useLanguage, useTranslate } from '../../i18n/i18n.ts';
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  localisedPath,
  storeLanguage,
} from '../../i18n/language.ts';

/**
 * The navbar's two choices, each named in its own language. The choice is remembered; a public page
 * moves to its address in that language (`/blog` ↔ `/bn/blog`).
 */
export function LanguageSwitcher({ onChosen }: { onChosen: () => void }) {
  const active = useLanguage();
  const t = useTranslate();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();

  const choose = (language: Language) => {
    onChosen();
    if (language === active) return;
    storeLanguage(language);
    const address = localisedPath(pathname, language);
    if (address !== pathname) void navigate(`${address}${search}${hash}`);
    void activateLanguage(language);
  };

  return (
    <fieldset className="btn-group btn-group-sm site-language">
      <legend className="visually-hidden">{t('nav.language')}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={`btn ${language === active ? 'btn-light' : 'btn-outline-light'}`}
          aria-pressed={language === active}
          onClick={() => choose(language)}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </fieldset>
  );
}
