// What an app's extension writes, type-checked against the stub: the whole extension.
import BackgroundAssetsStub
import Foundation
import PackKit

@available(iOS 16.4, macOS 13.3, *)
struct ExampleDownloader: PackKitDownloaderExtension {
    let catalog: PackCatalog
    let applicationGroupIdentifier = "group.com.example.game"
}

@available(iOS 26, macOS 26, *)
struct ExampleManagedDownloader: PackKitManagedDownloaderExtension {
    let catalog: PackCatalog
}
