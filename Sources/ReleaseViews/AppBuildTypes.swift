// The build axis — `AppBuild`, `BuildPoint`, `BuildRange` and their errors — is one definition shared with
// the app's side: the server picks a view by the same comparison PackKit checks a manifest's `builds` with.
// It lives in PackKitWire (PackKit's wire target) and is part of this module's API.
@_exported import struct PackKitWire.AppBuild
@_exported import enum PackKitWire.AppBuildError
@_exported import struct PackKitWire.BuildPoint
@_exported import struct PackKitWire.BuildRange
