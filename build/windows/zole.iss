; Inno Setup 6 script: a per-user installer for the PyInstaller bundle (no admin rights).
; The release workflow runs:
;   iscc /DAppVersion=<version> /DBundleDir=<dist\zole> /DOutputDir=<out> build\windows\zole.iss
; It installs into %LOCALAPPDATA%\Programs\Zole with a Start-menu entry and an uninstaller.
; The player's settings and saves (%LOCALAPPDATA%\zole-desktop) stay unless they ask.

#ifndef AppVersion
  #error Pass /DAppVersion=<version> (from pyproject.toml)
#endif
#ifndef BundleDir
  #define BundleDir "..\..\dist\zole"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif

[Setup]
AppId={{6A0C7E52-3F7B-4E0B-9C1D-5A2E8B7F4D31}
AppName=Zole
AppVersion={#AppVersion}
AppVerName=Zole {#AppVersion}
AppPublisher=Zole desktop team
VersionInfoVersion={#AppVersion}
VersionInfoProductName=Zole
VersionInfoDescription=Zole - Latvia's national card game (installer)
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
DefaultDirName={autopf}\Zole
DefaultGroupName=Zole
DisableProgramGroupPage=yes
UninstallDisplayIcon={app}\zole.exe
UninstallDisplayName=Zole
SetupIconFile=..\..\art\icons\zole.ico
OutputDir={#OutputDir}
OutputBaseFilename=zole-desktop-{#AppVersion}-windows-setup
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
ArchitecturesInstallIn64BitMode=x64compatible
ArchitecturesAllowed=x64compatible
LicenseFile=..\..\LICENSE

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "ru"; MessagesFile: "compiler:Languages\Russian.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Zole"; Filename: "{app}\zole.exe"; Comment: "Latvia's national card game"
Name: "{autodesktop}\Zole"; Filename: "{app}\zole.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\zole.exe"; Description: "{cm:LaunchProgram,Zole}"; Flags: nowait postinstall skipifsilent

[Code]
{ The uninstaller asks before it removes the player's settings, saves and history;
  the answer is No unless the player says otherwise (and in a silent uninstall). }
procedure CurUninstallStepChanged(CurUninstallStep: TUninstallStep);
var
  Data: String;
begin
  if CurUninstallStep = usPostUninstall then
  begin
    Data := ExpandConstant('{localappdata}\zole-desktop');
    if DirExists(Data) and not UninstallSilent() then
      if MsgBox('Also delete your Zole settings, saved game and match history?' + #13#10 +
                Data, mbConfirmation, MB_YESNO or MB_DEFBUTTON2) = IDYES then
        DelTree(Data, True, True, True);
  end;
end;
