/**
 * @module The proto files a server's services are declared in, and everything they import, indexed as gRPC server
 * reflection looks them up: by file name, and by the fully qualified name of each symbol a file declares.
 */
import { toBinary, type DescEnum, type DescExtension, type DescFile, type DescMessage, type DescService } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt';

export interface DescriptorIndex {
  /** Full names of the services, sorted. */
  readonly services: readonly string[];
  byFilename(name: string): DescFile | undefined;
  /** The file that declares `symbol`: a service, a method, a message, an enum or an extension. */
  bySymbol(symbol: string): DescFile | undefined;
  /** A message type, by full name, for the extension requests. */
  message(typeName: string): DescMessage | undefined;
  /** Extensions of `extendee` declared in the indexed files. */
  extensionsOf(extendee: DescMessage): readonly DescExtension[];
  /** `file`, then every file it imports, transitively, each once and before its own imports: serialized FileDescriptorProtos. */
  withDependencies(file: DescFile): Uint8Array[];
}

export function descriptorIndex(services: readonly DescService[]): DescriptorIndex {
  const files = new Map<string, DescFile>();
  const symbols = new Map<string, DescFile>();
  const messages = new Map<string, DescMessage>();
  const extensions: DescExtension[] = [];
  const encoded = new Map<DescFile, Uint8Array>();

  function addMessage(message: DescMessage): void {
    symbols.set(message.typeName, message.file);
    messages.set(message.typeName, message);
    message.nestedMessages.forEach(addMessage);
    message.nestedEnums.forEach(addEnum);
    message.nestedExtensions.forEach(addExtension);
  }
  function addEnum(desc: DescEnum): void {
    symbols.set(desc.typeName, desc.file);
  }
  function addExtension(desc: DescExtension): void {
    symbols.set(desc.typeName, desc.file);
    extensions.push(desc);
  }
  function addFile(file: DescFile): void {
    if (files.has(file.proto.name)) return;
    files.set(file.proto.name, file);
    for (const service of file.services) {
      symbols.set(service.typeName, file);
      for (const method of service.methods) symbols.set(`${service.typeName}.${method.name}`, file);
    }
    file.messages.forEach(addMessage);
    file.enums.forEach(addEnum);
    file.extensions.forEach(addExtension);
    file.dependencies.forEach(addFile);
  }
  for (const service of services) addFile(service.file);

  const bytesOf = (file: DescFile) => {
    let bytes = encoded.get(file);
    if (!bytes) encoded.set(file, (bytes = toBinary(FileDescriptorProtoSchema, file.proto)));
    return bytes;
  };

  return {
    services: services.map((s) => s.typeName).sort(),
    byFilename: (name) => files.get(name),
    bySymbol: (symbol) => symbols.get(symbol),
    message: (typeName) => messages.get(typeName),
    extensionsOf: (extendee) => extensions.filter((e) => e.extendee.typeName === extendee.typeName),
    withDependencies(file) {
      // Each file after every file it imports (depth first), then reversed: the file asked for comes first, and each
      // file before its imports, so a client that builds from the end finds every import already built.
      const ordered: DescFile[] = [];
      const visit = (f: DescFile) => {
        if (ordered.includes(f)) return;
        f.dependencies.forEach(visit);
        ordered.push(f);
      };
      visit(file);
      return ordered.reverse().map(bytesOf);
    },
  };
}
