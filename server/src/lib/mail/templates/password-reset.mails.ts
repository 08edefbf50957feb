import type { LanguageCode } from '@tagtrack/contract';
import type { MailTemplate } from './mail-template.js';

/** Password reset links (docs/mail.md): to the user, or to the administrators when the user has no e-mail. */
export const PASSWORD_RESET_MAILS: Record<
  LanguageCode,
  { passwordReset: MailTemplate; passwordResetForAdmin: MailTemplate }
> = {
  en: {
    passwordReset: {
      subject: 'Reset your Tagtrack password',
      paragraphs: [
        'Hello {{name}},',
        'A new password was requested for your Tagtrack account {{username}}. To choose one, open this link:',
        '{{link}}',
        'The link is valid for {{minutes}} minutes and can be used once.',
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      ],
    },
    passwordResetForAdmin: {
      subject: '{{username}} asked for a password reset',
      paragraphs: [
        'Hello {{name}},',
        'The Tagtrack user {{username}} asked for a password reset but has no e-mail address, so the link comes to you as an administrator. Pass it on to {{username}}, or open it together, to choose a new password:',
        '{{link}}',
        'The link is valid for {{minutes}} minutes and can be used once.',
        'If {{username}} did not ask for this, ignore this e-mail: the password stays as it is.',
      ],
    },
  },
  cs: {
    passwordReset: {
      subject: 'Obnovení hesla k účtu Tagtrack',
      paragraphs: [
        'Dobrý den, {{name}},',
        'pro váš účet Tagtrack {{username}} bylo požádáno o nové heslo. Nové heslo nastavíte po otevření tohoto odkazu:',
        '{{link}}',
        'Odkaz platí {{minutes}} minut a lze jej použít jen jednou.',
        'Pokud jste o změnu nežádali, tento e-mail ignorujte: vaše heslo zůstane beze změny.',
      ],
    },
    passwordResetForAdmin: {
      subject: 'Žádost o obnovení hesla uživatele {{username}}',
      paragraphs: [
        'Dobrý den, {{name}},',
        'uživatel Tagtrack {{username}} požádal o obnovení hesla, ale nemá e-mailovou adresu, proto odkaz dostáváte jako administrátor. Předejte ho uživateli {{username}} nebo ho otevřete společně a nastavte nové heslo:',
        '{{link}}',
        'Odkaz platí {{minutes}} minut a lze jej použít jen jednou.',
        'Pokud uživatel {{username}} o změnu nežádal, tento e-mail ignorujte: heslo zůstane beze změny.',
      ],
    },
  },
  da: {
    passwordReset: {
      subject: 'Nulstil din adgangskode til Tagtrack',
      paragraphs: [
        'Hej {{name}}',
        'Der er anmodet om en ny adgangskode til din Tagtrack-konto {{username}}. Åbn dette link for at vælge en ny adgangskode:',
        '{{link}}',
        'Linket er gyldigt i {{minutes}} minutter og kan kun bruges én gang.',
        'Hvis du ikke har bedt om dette, kan du se bort fra denne e-mail: din adgangskode forbliver uændret.',
      ],
    },
    passwordResetForAdmin: {
      subject: '{{username}} har bedt om at få nulstillet adgangskoden',
      paragraphs: [
        'Hej {{name}}',
        'Tagtrack-brugeren {{username}} har bedt om at få nulstillet sin adgangskode, men har ingen e-mailadresse, så linket sendes til dig som administrator. Giv det videre til {{username}}, eller åbn det sammen, for at vælge en ny adgangskode:',
        '{{link}}',
        'Linket er gyldigt i {{minutes}} minutter og kan kun bruges én gang.',
        'Hvis {{username}} ikke har bedt om dette, kan du se bort fra denne e-mail: adgangskoden forbliver uændret.',
      ],
    },
  },
  de: {
    passwordReset: {
      subject: 'Tagtrack-Passwort zurücksetzen',
      paragraphs: [
        'Hallo {{name}},',
        'für Ihr Tagtrack-Konto {{username}} wurde ein neues Passwort angefordert. Öffnen Sie diesen Link, um ein neues Passwort festzulegen:',
        '{{link}}',
        'Der Link ist {{minutes}} Minuten lang gültig und kann einmal verwendet werden.',
        'Falls Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
      ],
    },
    passwordResetForAdmin: {
      subject: '{{username}} hat das Zurücksetzen des Passworts angefordert',
      paragraphs: [
        'Hallo {{name}},',
        'der Tagtrack-Benutzer {{username}} hat das Zurücksetzen des Passworts angefordert, hat aber keine E-Mail-Adresse. Deshalb erhalten Sie den Link als Administrator. Geben Sie ihn an {{username}} weiter oder öffnen Sie ihn gemeinsam, um ein neues Passwort festzulegen:',
        '{{link}}',
        'Der Link ist {{minutes}} Minuten lang gültig und kann einmal verwendet werden.',
        'Falls {{username}} dies nicht angefordert hat, ignorieren Sie diese E-Mail: Das Passwort bleibt unverändert.',
      ],
    },
  },
  es: {
    passwordReset: {
      subject: 'Restablezca su contraseña de Tagtrack',
      paragraphs: [
        'Hola, {{name}}:',
        'Se ha solicitado una nueva contraseña para su cuenta de Tagtrack {{username}}. Para elegirla, abra este enlace:',
        '{{link}}',
        'El enlace es válido durante {{minutes}} minutos y solo puede usarse una vez.',
        'Si no lo ha solicitado usted, ignore este correo: su contraseña no cambiará.',
      ],
    },
    passwordResetForAdmin: {
      subject: '{{username}} ha solicitado restablecer su contraseña',
      paragraphs: [
        'Hola, {{name}}:',
        'El usuario de Tagtrack {{username}} ha solicitado restablecer su contraseña, pero no tiene dirección de correo electrónico, por lo que el enlace le llega a usted como administrador. Compártalo con {{username}}, o ábralo junto con esa persona, para elegir una nueva contraseña:',
        '{{link}}',
        'El enlace es válido durante {{minutes}} minutos y solo puede usarse una vez.',
        'Si {{username}} no lo ha solicitado, ignore este correo: la contraseña no cambiará.',
      ],
    },
  },
  fr: {
    passwordReset: {
      subject: 'Réinitialisez votre mot de passe Tagtrack',
      paragraphs: [
        'Bonjour {{name}},',
        'Un nouveau mot de passe a été demandé pour votre compte Tagtrack {{username}}. Pour en choisir un, ouvrez ce lien :',
        '{{link}}',
        'Le lien est valable {{minutes}} minutes et ne peut être utilisé qu’une seule fois.',
        'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
      ],
    },
    passwordResetForAdmin: {
      subject: '{{username}} a demandé la réinitialisation de son mot de passe',
      paragraphs: [
        'Bonjour {{name}},',
        'L’utilisateur Tagtrack {{username}} a demandé la réinitialisation de son mot de passe, mais n’a pas d’adresse e-mail : le lien vous est donc envoyé en tant qu’administrateur. Transmettez-le à {{username}}, ou ouvrez-le ensemble, pour choisir un nouveau mot de passe :',
        '{{link}}',
        'Le lien est valable {{minutes}} minutes et ne peut être utilisé qu’une seule fois.',
        'Si {{username}} n’est pas à l’origine de cette demande, ignorez cet e-mail : le mot de passe reste inchangé.',
      ],
    },
  },
  hu: {
    passwordReset: {
      subject: 'Tagtrack-jelszó visszaállítása',
      paragraphs: [
        'Kedves {{name}}!',
        'Az Ön {{username}} nevű Tagtrack-fiókjához új jelszót kértek. Új jelszó megadásához nyissa meg ezt a hivatkozást:',
        '{{link}}',
        'A hivatkozás {{minutes}} percig érvényes, és csak egyszer használható.',
        'Ha nem Ön kérte, hagyja figyelmen kívül ezt az e-mailt: jelszava változatlan marad.',
      ],
    },
    passwordResetForAdmin: {
      subject: '{{username}} jelszó-visszaállítást kért',
      paragraphs: [
        'Kedves {{name}}!',
        'A(z) {{username}} nevű Tagtrack-felhasználó jelszó-visszaállítást kért, de nincs e-mail-címe, ezért a hivatkozást Ön kapja meg adminisztrátorként. Adja tovább a(z) {{username}} felhasználónak, vagy nyissák meg együtt, és adjanak meg új jelszót:',
        '{{link}}',
        'A hivatkozás {{minutes}} percig érvényes, és csak egyszer használható.',
        'Ha nem {{username}} kérte, hagyja figyelmen kívül ezt az e-mailt: a jelszó változatlan marad.',
      ],
    },
  },
  it: {
    passwordReset: {
      subject: 'Reimposta la tua password di Tagtrack',
      paragraphs: [
        'Ciao {{name}},',
        'è stata richiesta una nuova password per il tuo account Tagtrack {{username}}. Per sceglierla, apri questo link:',
        '{{link}}',
        'Il link è valido per {{minutes}} minuti e può essere usato una sola volta.',
        'Se non hai fatto tu la richiesta, ignora questa e-mail: la tua password resta invariata.',
      ],
    },
    passwordResetForAdmin: {
      subject: '{{username}} ha chiesto di reimpostare la password',
      paragraphs: [
        'Ciao {{name}},',
        'l’utente Tagtrack {{username}} ha chiesto di reimpostare la password ma non ha un indirizzo e-mail, quindi il link arriva a te come amministratore. Inoltralo a {{username}}, oppure aprilo insieme all’utente, per scegliere una nuova password:',
        '{{link}}',
        'Il link è valido per {{minutes}} minuti e può essere usato una sola volta.',
        'Se {{username}} non ha fatto questa richiesta, ignora questa e-mail: la password resta invariata.',
      ],
    },
  },
  nl: {
    passwordReset: {
      subject: 'Stel uw Tagtrack-wachtwoord opnieuw in',
      paragraphs: [
        'Hallo {{name}},',
        'Er is een nieuw wachtwoord aangevraagd voor uw Tagtrack-account {{username}}. Open deze link om een nieuw wachtwoord te kiezen:',
        '{{link}}',
        'De link is {{minutes}} minuten geldig en kan één keer worden gebruikt.',
        'Hebt u dit niet aangevraagd? Negeer dan deze e-mail: uw wachtwoord blijft ongewijzigd.',
      ],
    },
    passwordResetForAdmin: {
      subject: '{{username}} heeft gevraagd het wachtwoord opnieuw in te stellen',
      paragraphs: [
        'Hallo {{name}},',
        'De Tagtrack-gebruiker {{username}} heeft gevraagd het wachtwoord opnieuw in te stellen, maar heeft geen e-mailadres. Daarom ontvangt u de link als beheerder. Geef de link door aan {{username}}, of open hem samen, om een nieuw wachtwoord te kiezen:',
        '{{link}}',
        'De link is {{minutes}} minuten geldig en kan één keer worden gebruikt.',
        'Heeft {{username}} dit niet aangevraagd? Negeer dan deze e-mail: het wachtwoord blijft ongewijzigd.',
      ],
    },
  },
  no: {
    passwordReset: {
      subject: 'Tilbakestill passordet ditt for Tagtrack',
      paragraphs: [
        'Hei {{name}},',
        'Det er bedt om et nytt passord for Tagtrack-kontoen din {{username}}. Åpne denne lenken for å velge et nytt passord:',
        '{{link}}',
        'Lenken er gyldig i {{minutes}} minutter og kan bare brukes én gang.',
        'Hvis du ikke har bedt om dette, kan du se bort fra denne e-posten: passordet ditt forblir uendret.',
      ],
    },
    passwordResetForAdmin: {
      subject: '{{username}} har bedt om å tilbakestille passordet',
      paragraphs: [
        'Hei {{name}},',
        'Tagtrack-brukeren {{username}} har bedt om å tilbakestille passordet, men har ingen e-postadresse, så lenken sendes til deg som administrator. Gi den videre til {{username}}, eller åpne den sammen, for å velge et nytt passord:',
        '{{link}}',
        'Lenken er gyldig i {{minutes}} minutter og kan bare brukes én gang.',
        'Hvis {{username}} ikke har bedt om dette, kan du se bort fra denne e-posten: passordet forblir uendret.',
      ],
    },
  },
  pl: {
    passwordReset: {
      subject: 'Zresetuj hasło do Tagtrack',
      paragraphs: [
        'Witaj {{name}},',
        'dla Twojego konta Tagtrack {{username}} zażądano nowego hasła. Aby je ustawić, otwórz ten link:',
        '{{link}}',
        'Link jest ważny przez {{minutes}} minut i można go użyć tylko raz.',
        'Jeśli to nie była Twoja prośba, zignoruj tę wiadomość: hasło pozostanie bez zmian.',
      ],
    },
    passwordResetForAdmin: {
      subject: 'Prośba o zresetowanie hasła użytkownika {{username}}',
      paragraphs: [
        'Witaj {{name}},',
        'dla użytkownika Tagtrack {{username}} złożono prośbę o zresetowanie hasła, ale to konto nie ma adresu e-mail, dlatego link otrzymujesz jako administrator. Przekaż go użytkownikowi {{username}} lub otwórzcie go razem, aby ustawić nowe hasło:',
        '{{link}}',
        'Link jest ważny przez {{minutes}} minut i można go użyć tylko raz.',
        'Jeśli użytkownik {{username}} nie prosił o zmianę hasła, zignoruj tę wiadomość: hasło pozostanie bez zmian.',
      ],
    },
  },
  sk: {
    passwordReset: {
      subject: 'Obnovenie hesla k účtu Tagtrack',
      paragraphs: [
        'Dobrý deň, {{name}},',
        'pre váš účet Tagtrack {{username}} bolo požiadané o nové heslo. Nové heslo nastavíte po otvorení tohto odkazu:',
        '{{link}}',
        'Odkaz platí {{minutes}} minút a dá sa použiť iba raz.',
        'Ak ste o zmenu nežiadali, tento e-mail ignorujte: vaše heslo zostane bez zmeny.',
      ],
    },
    passwordResetForAdmin: {
      subject: 'Žiadosť o obnovenie hesla používateľa {{username}}',
      paragraphs: [
        'Dobrý deň, {{name}},',
        'používateľ Tagtrack {{username}} požiadal o obnovenie hesla, ale nemá e-mailovú adresu, preto odkaz dostávate ako administrátor. Odovzdajte ho používateľovi {{username}} alebo ho otvorte spoločne a nastavte nové heslo:',
        '{{link}}',
        'Odkaz platí {{minutes}} minút a dá sa použiť iba raz.',
        'Ak používateľ {{username}} o zmenu nežiadal, tento e-mail ignorujte: heslo zostane bez zmeny.',
      ],
    },
  },
  sv: {
    passwordReset: {
      subject: 'Återställ ditt lösenord för Tagtrack',
      paragraphs: [
        'Hej {{name}}!',
        'Ett nytt lösenord har begärts för ditt Tagtrack-konto {{username}}. Öppna den här länken för att välja ett nytt lösenord:',
        '{{link}}',
        'Länken gäller i {{minutes}} minuter och kan bara användas en gång.',
        'Om du inte har begärt detta kan du bortse från det här mejlet: ditt lösenord förblir oförändrat.',
      ],
    },
    passwordResetForAdmin: {
      subject: '{{username}} har begärt återställning av lösenordet',
      paragraphs: [
        'Hej {{name}}!',
        'Tagtrack-användaren {{username}} har begärt att lösenordet ska återställas men har ingen e-postadress, så länken skickas till dig som administratör. Ge den vidare till {{username}}, eller öppna den tillsammans, för att välja ett nytt lösenord:',
        '{{link}}',
        'Länken gäller i {{minutes}} minuter och kan bara användas en gång.',
        'Om {{username}} inte har begärt detta kan du bortse från det här mejlet: lösenordet förblir oförändrat.',
      ],
    },
  },
  tr: {
    passwordReset: {
      subject: 'Tagtrack parolanızı sıfırlayın',
      paragraphs: [
        'Merhaba {{name}},',
        '{{username}} adlı Tagtrack hesabınız için yeni bir parola istendi. Yeni bir parola belirlemek için bu bağlantıyı açın:',
        '{{link}}',
        'Bağlantı {{minutes}} dakika geçerlidir ve yalnızca bir kez kullanılabilir.',
        'Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın: parolanız değişmeden kalır.',
      ],
    },
    passwordResetForAdmin: {
      subject: '{{username}} parola sıfırlama istedi',
      paragraphs: [
        'Merhaba {{name}},',
        '{{username}} adlı Tagtrack kullanıcısı parola sıfırlama istedi, ancak e-posta adresi yok; bu nedenle bağlantı yönetici olarak size gönderildi. Yeni bir parola belirlemek için bağlantıyı {{username}} kullanıcısına iletin veya birlikte açın:',
        '{{link}}',
        'Bağlantı {{minutes}} dakika geçerlidir ve yalnızca bir kez kullanılabilir.',
        'Bu isteği {{username}} yapmadıysa bu e-postayı dikkate almayın: parola değişmeden kalır.',
      ],
    },
  },
};
